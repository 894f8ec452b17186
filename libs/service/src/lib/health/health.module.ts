import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { HealthController } from './health.controller';
import { READINESS_CHECKS, ReadinessCheck } from './readiness-check';

export interface HealthModuleOptions {
  imports?: ModuleMetadata['imports'];
  inject?: unknown[];
  /** Builds the list of dependencies that /ready probes. */
  useFactory: (...deps: never[]) => ReadinessCheck[];
}

/** GET /health (liveness) and GET /ready (each store's state), shared by both services. */
@Module({})
export class HealthModule {
  static forChecks(options: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: options.imports ?? [],
      controllers: [HealthController],
      providers: [
        {
          provide: READINESS_CHECKS,
          inject: (options.inject ?? []) as never[],
          useFactory: options.useFactory,
        },
      ],
    };
  }
}
