import { Inject, Injectable } from '@nestjs/common';
import { fail } from '../errors/operation-error';
import { JsonRpcProvider } from 'ethers';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { PoolKeys } from '../wallet-pool/pool-keys';
import { ContractCode } from './contract-code';

/** The contracts the service knows, under the names GET / shows. */
export const SERVICE_CONTRACTS = {
  registry: { env: 'REGISTRY_ADDRESS', key: 'registryAddress' },
  beacon_factory: { env: 'BEACON_FACTORY_ADDRESS', key: 'beaconFactoryAddress' },
  verifiable_beacon_factory: { env: 'VERIFIABLE_BEACON_FACTORY_ADDRESS', key: 'verifiableBeaconFactoryAddress' },
  group_ecdsa_beacon_factory: { env: 'GROUP_ECDSA_BEACON_FACTORY_ADDRESS', key: 'groupEcdsaBeaconFactoryAddress' },
  multicall3: { env: 'MULTICALL3_ADDRESS', key: 'multicall3Address' },
  batch_updater: { env: 'BATCH_UPDATER_ADDRESS', key: 'batchUpdaterAddress' },
  demo_ecdsa_beacon: { env: 'DEMO_ECDSA_BEACON_ADDRESS', key: 'demoEcdsaBeaconAddress' },
  demo_ecdsa_adapter: { env: 'DEMO_ECDSA_ADAPTER_ADDRESS', key: 'demoEcdsaAdapterAddress' },
  demo_zk_beacon: { env: 'DEMO_ZK_BEACON_ADDRESS', key: 'demoZkBeaconAddress' },
  demo_zk_verifier: { env: 'DEMO_ZK_VERIFIER_ADDRESS', key: 'demoZkVerifierAddress' },
} as const satisfies Record<string, { env: string; key: keyof BeaconOpsSettings }>;

export type ServiceContractName = keyof typeof SERVICE_CONTRACTS;

/**
 * Contract addresses from settings. The service starts without them; a route whose contract
 * is unset, or has no code on the chain the RPC serves, answers 503 naming the setting.
 */
@Injectable()
export class ServiceContracts {
  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly keys: PoolKeys,
    private readonly code: ContractCode,
  ) {}

  /** Every known name with its address (lower-case), null when unset. */
  all(): Record<ServiceContractName, string | null> {
    return Object.fromEntries(Object.entries(SERVICE_CONTRACTS).map(([name, { key }]) => [name, (this.settings[key] as string | undefined) ?? null])) as Record<
      ServiceContractName,
      string | null
    >;
  }

  /** Owner recorded in beacons the service creates through the beacon factory. */
  beaconOwner(): string {
    return this.settings.beaconOwnerAddress ?? this.keys.signer.address.toLowerCase();
  }

  /** The contract's address, with code on the current chain; 503 otherwise. */
  async require(provider: JsonRpcProvider, name: ServiceContractName): Promise<string> {
    const { env, key } = SERVICE_CONTRACTS[name];
    const address = this.settings[key] as string | undefined;
    if (!address) throw fail('service_not_configured', `Service not configured: ${env} is not set, so this route is unavailable`);
    if (!(await this.code.exists(provider, address))) {
      throw fail('service_not_configured', `Service misconfigured: ${env} (${address}) has no contract on chain ${(await provider.getNetwork()).chainId}`);
    }
    return address;
  }
}
