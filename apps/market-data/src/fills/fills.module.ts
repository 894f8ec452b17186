import { Module } from '@nestjs/common';
import { FillsController } from './fills.controller';
import { FillsRepository } from './fills.repository';
import { FillsService } from './fills.service';

/** GET /trades?holder=: fills by wallet. Stores come from the global StoresModule. */
@Module({
  controllers: [FillsController],
  providers: [FillsRepository, FillsService],
})
export class FillsModule {}
