import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PositionsModule } from '../positions/positions.module';
import { StoresModule } from '../stores/stores.module';
import { StreamConnectionLimits } from './stream-connection-limits';
import { StreamController } from './stream.controller';
import { StreamHub } from './stream-hub';
import { StreamService } from './stream.service';

/** GET /stream: Server-Sent Events fed from the index store's change table (stream/README.md). */
@Module({
  imports: [PositionsModule, StoresModule, AuthModule],
  controllers: [StreamController],
  providers: [StreamHub, StreamService, StreamConnectionLimits],
})
export class StreamModule {}
