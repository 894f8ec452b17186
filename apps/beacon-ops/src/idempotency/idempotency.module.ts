import { Module } from '@nestjs/common';
import { JournalModule } from '../journal/journal.module';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

/** Idempotency-Key claims and replays (IdempotencyInterceptor on every operation route, see OperationRoute). */
@Module({
  imports: [JournalModule],
  providers: [IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
