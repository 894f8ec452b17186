import { Injectable, OnModuleInit } from '@nestjs/common';
import { indexStatusView } from './index-status-view';
import { IndexStatusDto } from './index-status.dto';
import { measureIndexStatus } from './index-status-metrics';
import { IndexStatusRepository } from './index-status.repository';

@Injectable()
export class IndexStatusService implements OnModuleInit {
  constructor(private readonly repository: IndexStatusRepository) {}

  onModuleInit(): void {
    measureIndexStatus(() => this.status());
  }

  async status(): Promise<IndexStatusDto> {
    return indexStatusView(await this.repository.read());
  }
}
