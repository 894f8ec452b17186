import { LoggerService } from '@nestjs/common';
import { ErrorMapper } from './classify-exception';

export interface ExceptionFilterOptions {
  /** Extra app errors -> status and detail, tried before the `status` + `detail` convention. */
  mappers?: ErrorMapper[];
  /** Where unexpected errors are logged (default: Nest's Logger). */
  logger?: LoggerService;
  /** Called once per error answered, with the status it got: for an app's own count of what its callers saw (not of what it raised). */
  answered?: (exception: unknown, status: number) => void;
}
