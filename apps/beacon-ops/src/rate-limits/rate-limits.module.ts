import { Module } from '@nestjs/common';
import { JournalModule } from '../journal/journal.module';
import { TokenContextInterceptor } from './token-context.interceptor';
import { TokenUsage } from './token-usage';

/** Per-token transaction and gas limits: the caller of a request (TokenContextInterceptor) and its usage (TokenUsage). */
@Module({
  imports: [JournalModule],
  providers: [TokenUsage, TokenContextInterceptor],
  exports: [TokenUsage, TokenContextInterceptor],
})
export class RateLimitsModule {}
