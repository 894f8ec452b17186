import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Chain } from '../chain/chain.module';
import { SERVICE } from '../service-description';

export class ServiceInfoDto {
  @ApiProperty({ example: 'beacon-ops' }) service!: string;
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ example: '31337', description: 'Chain id of the RPC, as a decimal string; null while the RPC is unreachable', nullable: true, type: String })
  chain_id!: string | null;
  @ApiProperty({ example: '/docs' }) docs!: string;
}

@ApiTags('service')
@Controller()
export class ServiceInfoController {
  constructor(private readonly chain: Chain) {}

  @Get()
  @ApiOperation({ summary: 'Service name, version and chain (no credentials)' })
  @ApiOkResponse({ type: ServiceInfoDto })
  async info(): Promise<ServiceInfoDto> {
    const chainId = await this.chain.chainId().then(String, () => null);
    return { service: SERVICE.name, version: SERVICE.version, chain_id: chainId, docs: '/docs' };
  }
}
