import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Chain } from '../chain/chain.module';
import { SERVICE } from '../service-description';
import { PoolKeys } from '../wallet-pool/pool-keys';
import { WalletPool } from '../wallet-pool/wallet-pool.service';

export class PoolWalletDto {
  @ApiProperty({ example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }) address!: string;
  @ApiProperty({ example: '10000000000000000000000', description: 'Balance in wei, as a decimal string; null while the RPC is unreachable', nullable: true, type: String })
  balance_wei!: string | null;
}

export class ServiceInfoDto {
  @ApiProperty({ example: 'beacon-ops' }) service!: string;
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ example: '31337', description: 'Chain id of the RPC, as a decimal string; null while the RPC is unreachable', nullable: true, type: String })
  chain_id!: string | null;
  @ApiProperty({ type: [PoolWalletDto], description: 'The wallets paying for transactions (addresses only)' }) wallets!: PoolWalletDto[];
  @ApiProperty({ example: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720', description: 'Address that signs measurements for ECDSA-adapter beacons' })
  signer!: string;
  @ApiProperty({ example: '/docs' }) docs!: string;
}

@ApiTags('service')
@Controller()
export class ServiceInfoController {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly keys: PoolKeys,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Service name, version, chain and pool wallets (no credentials)' })
  @ApiOkResponse({ type: ServiceInfoDto })
  async info(): Promise<ServiceInfoDto> {
    const [chainId, wallets] = await Promise.all([this.chain.chainId().then(String, () => null), this.pool.wallets()]);
    return {
      service: SERVICE.name,
      version: SERVICE.version,
      chain_id: chainId,
      wallets: wallets.map((w) => ({ address: w.address, balance_wei: w.balanceWei === null ? null : w.balanceWei.toString() })),
      signer: this.keys.signer.address.toLowerCase(),
      docs: '/docs',
    };
  }
}
