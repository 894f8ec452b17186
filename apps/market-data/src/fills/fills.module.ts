import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StoresModule } from '../stores/stores.module';
import { FillsController } from './fills.controller';
import { FillsRepository } from './fills.repository';
import { FillsService } from './fills.service';

/** GET /trades?holder=: fills by wallet. */
@Module({
  imports: [StoresModule, AuthModule],
  controllers: [FillsController],
  providers: [FillsRepository, FillsService],
})
export class FillsModule {}
