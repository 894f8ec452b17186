import { Public } from '@perp/auth';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse, Envelope, ok } from '@perp/http';
import { Chain } from '../chain/chain.module';
import { ServiceContracts } from '../onchain/service-contracts';
import { SERVICE } from '../service-description';
import { PoolKeys } from '../wallet-pool/pool-keys';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { ENDPOINT_STATUSES, EndpointStatus, RouteCatalog } from './route-catalog';

export class PoolWalletDto {
  @ApiProperty({ example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }) address!: string;
  @ApiProperty({
    example: '10000000000000000000000',
    description: 'Balance in wei, as a decimal string; null while the RPC is unreachable',
    nullable: true,
    type: String,
  })
  balance_wei!: string | null;
}

const address = (description: string) =>
  ApiProperty({ type: String, nullable: true, description: `${description}; null when not configured`, example: '0x5fbdb2315678afecb367f032d93f642f64180aa3' });

export class ServiceContractsDto {
  @address('BeaconRegistry (REGISTRY_ADDRESS)') registry!: string | null;
  @address('BeaconFactory: /create_beacon, /create_registry_beacon, /batch_create_registry_beacon (BEACON_FACTORY_ADDRESS)') beacon_factory!: string | null;
  @address('VerifiableBeaconFactory: /create_verifiable_beacon (VERIFIABLE_BEACON_FACTORY_ADDRESS)') verifiable_beacon_factory!: string | null;
  @address('GroupEcdsaBeaconFactory: /create_group_ecdsa_beacon (GROUP_ECDSA_BEACON_FACTORY_ADDRESS)') group_ecdsa_beacon_factory!: string | null;
  @address('Multicall3: /batch_create_registry_beacon (MULTICALL3_ADDRESS)') multicall3!: string | null;
  @address('BatchUpdater, aggregate3 with a gas limit per call: /batch_update_beacon (BATCH_UPDATER_ADDRESS)') batch_updater!: string | null;
  @address('Demo ECDSA beacon signed by the service signer (DEMO_ECDSA_BEACON_ADDRESS)') demo_ecdsa_beacon!: string | null;
  @address("The demo ECDSA beacon's verifier adapter (DEMO_ECDSA_ADAPTER_ADDRESS)") demo_ecdsa_adapter!: string | null;
  @address('Demo ZK (TWAP) beacon (DEMO_ZK_BEACON_ADDRESS)') demo_zk_beacon!: string | null;
  @address(
    "The demo ZK beacon's verifier (DEMO_ZK_VERIFIER_ADDRESS; in the dev stack the Groth16VerifierAdapter of the beacon-mean circuit: prove with `npm run prove`)",
  )
  demo_zk_verifier!: string | null;
}

export class EndpointDto {
  @ApiProperty({ example: 'POST' }) method!: string;
  @ApiProperty({ example: '/create_registry_beacon' }) path!: string;
  @ApiProperty({ example: 'Create a ZK beacon and register it in the registry, in one transaction (no body)' }) description!: string;
  @ApiProperty({ example: true }) requires_auth!: boolean;
  @ApiProperty({
    enum: ENDPOINT_STATUSES,
    example: 'Working',
    description: "the-beaconator's EndpointStatus casing. Deprecated: an old name kept for existing clients (it works); NotImplemented: none here",
  })
  status!: EndpointStatus;
}

/**
 * data of GET /: the-beaconator's ApiSummary (total_endpoints, working_endpoints, not_implemented,
 * deprecated, endpoints[]) as its generated clients read it, and the service information beside it.
 */
export class ServiceInfoDto {
  @ApiProperty({ example: 12, description: 'Number of entries in endpoints' }) total_endpoints!: number;
  @ApiProperty({ example: 10, description: 'Entries whose status is Working' }) working_endpoints!: number;
  @ApiProperty({ example: 0, description: 'Entries whose status is NotImplemented (every route here is implemented)' }) not_implemented!: number;
  @ApiProperty({ example: 2, description: 'Entries whose status is Deprecated (old names that still work)' }) deprecated!: number;
  @ApiProperty({ type: [EndpointDto], description: "Every route of the app's OpenAPI document" }) endpoints!: EndpointDto[];
  @ApiProperty({ example: 'beacon-ops' }) service!: string;
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ example: '31337', description: 'Chain id of the RPC, as a decimal string; null while the RPC is unreachable', nullable: true, type: String })
  chain_id!: string | null;
  @ApiProperty({ type: ServiceContractsDto, description: 'Every contract address the service uses, by what it is' }) contracts!: ServiceContractsDto;
  @ApiProperty({ type: [PoolWalletDto], description: 'The wallets paying for transactions (addresses only)' }) wallets!: PoolWalletDto[];
  @ApiProperty({ example: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720', description: 'Address that signs measurements for ECDSA-adapter beacons' })
  signer!: string;
  @ApiProperty({
    example: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
    description: 'Owner recorded in beacons created through the beacon factory (BEACON_OWNER_ADDRESS, default the signer)',
  })
  beacon_owner!: string;
  @ApiProperty({ example: '/docs' }) docs!: string;
}

@Public()
@ApiTags('service')
@Controller()
export class ServiceInfoController {
  constructor(
    private readonly chain: Chain,
    private readonly pool: WalletPool,
    private readonly keys: PoolKeys,
    private readonly contracts: ServiceContracts,
    private readonly routes: RouteCatalog,
  ) {}

  @Get()
  @ApiOperation({ summary: 'In the envelope: every route (method, path, status), and the service name, version, chain, contracts and pool wallets (no auth)' })
  @ApiEnvelopeResponse(ServiceInfoDto)
  async info(): Promise<Envelope<ServiceInfoDto>> {
    const [chainId, wallets] = await Promise.all([this.chain.chainId().then(String, () => null), this.pool.wallets()]);
    return ok({
      ...this.routes.summary(),
      service: SERVICE.name,
      version: SERVICE.version,
      chain_id: chainId,
      contracts: this.contracts.all(),
      wallets: wallets.map((w) => ({ address: w.address, balance_wei: w.balanceWei === null ? null : w.balanceWei.toString() })),
      signer: this.keys.signer.address.toLowerCase(),
      beacon_owner: this.contracts.beaconOwner(),
      docs: '/docs',
    });
  }
}
