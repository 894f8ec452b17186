import { LoggerService } from '@nestjs/common';
import { ErrorMapper } from './classify-exception';

export interface ExceptionFilterOptions {
  /** Extra app errors -> status and detail, tried before the `status` + `detail` convention. */
  mappers?: ErrorMapper[];
  /** Where unexpected errors are logged (default: Nest's Logger). */
  logger?: LoggerService;
}
