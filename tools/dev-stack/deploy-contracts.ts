import { deployDevSystem, type DevSystemAddresses } from '@perp/contracts/testing';
import { ANVIL_MNEMONIC, LOCAL_CHAIN_RULES } from '@perp/local-infra';
import { type BaseWallet, FetchRequest, HDNodeWallet, JsonRpcProvider, Mnemonic, Network, parseEther, Wallet } from 'ethers';

/** anvil dev account `index` (0 deploys; 1-8 are beacon-ops' default pool, 9 its default signer). */
export function anvilAccount(index: number): HDNodeWallet {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${index}`);
}

/** The pool wallets and the signer beacon-ops will use with this environment (its own defaults when unset). */
export function beaconOpsAccounts(env: NodeJS.ProcessEnv): { poolWallets: string[]; signer: string } {
  const keys = env['WALLET_PRIVATE_KEYS']
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const poolWallets = keys?.length
    ? keys.map((k) => new Wallet(k.startsWith('0x') ? k : `0x${k}`).address)
    : [1, 2, 3, 4, 5, 6, 7, 8].map((i) => anvilAccount(i).address);
  return { poolWallets, signer: serviceSignerWallet(env).address };
}

/** The key beacon-ops signs ECDSA measurements with (SIGNER_PRIVATE_KEY, else its default, anvil account 9). */
export function serviceSignerWallet(env: NodeJS.ProcessEnv): BaseWallet {
  const signerKey = env['SIGNER_PRIVATE_KEY']?.trim();
  return signerKey ? new Wallet(signerKey.startsWith('0x') ? signerKey : `0x${signerKey}`) : anvilAccount(9);
}

/** beacon-ops' settings for a deployed dev system. */
export function beaconOpsContractEnv(addresses: DevSystemAddresses): Record<string, string> {
  return {
    REGISTRY_ADDRESS: addresses.registry,
    BEACON_FACTORY_ADDRESS: addresses.beaconFactory,
    VERIFIABLE_BEACON_FACTORY_ADDRESS: addresses.verifiableBeaconFactory,
    // A dev chain recorded before the group factory existed has none: the route then answers 503.
    ...(addresses.groupEcdsaBeaconFactory ? { GROUP_ECDSA_BEACON_FACTORY_ADDRESS: addresses.groupEcdsaBeaconFactory } : {}),
    MULTICALL3_ADDRESS: addresses.multicall3,
    BATCH_UPDATER_ADDRESS: addresses.batchUpdater,
    DEMO_ECDSA_BEACON_ADDRESS: addresses.demoEcdsaBeacon,
    DEMO_ECDSA_ADAPTER_ADDRESS: addresses.demoEcdsaAdapter,
    DEMO_ZK_BEACON_ADDRESS: addresses.demoZkBeacon,
    DEMO_ZK_VERIFIER_ADDRESS: addresses.demoZkVerifier,
  };
}

/** beacon-ops' settings on the local anvil: the addresses, and a gas cap the local chain allows. */
export function devContractsEnv(addresses: DevSystemAddresses): Record<string, string> {
  // The local anvil (startAnvil) runs Prague with 100M-gas blocks: no EIP-7825 cap, so a
  // 100-proof batch (~27M gas used) is one transaction.
  return { ...beaconOpsContractEnv(addresses), MAX_TRANSACTION_GAS: String(LOCAL_CHAIN_RULES.blockGasLimit) };
}

export interface DevContracts {
  addresses: DevSystemAddresses;
  /** Variables to pass to beacon-ops. */
  env: Record<string, string>;
  deployer: string;
  poolWallets: string[];
  signer: string;
  chainId: bigint;
}

/** A provider that never caches (deployment steps read their nonce each time). */
export function uncachedProvider(rpcUrl: string, chainId: bigint): JsonRpcProvider {
  const network = Network.from(chainId);
  const request = new FetchRequest(rpcUrl);
  request.timeout = 10_000;
  return new JsonRpcProvider(request, network, { staticNetwork: network, cacheTimeout: -1, batchMaxCount: 1 });
}

/**
 * What a local beacon-ops needs on a fresh anvil, deployed by anvil account 0: the beacon system
 * (its ZK beacons on the beacon-mean circuit's Groth16 verifier), a BatchUpdater, the pool wallets
 * as registrars, a demo ECDSA beacon signed by the service signer (range 0-100), a demo ZK TWAP
 * beacon; and every pool wallet topped up to `fundTo` (anvil's own accounts already hold 10000
 * ether; keys from WALLET_PRIVATE_KEYS start empty). Shared by the dev stack and the benchmark.
 */
export async function deployDevContracts(options: {
  rpcUrl: string;
  poolWallets: string[];
  signer: string;
  fundTo?: bigint;
  /** The demo ECDSA beacon's accepted range (deployDevSystem's default: 0-100). */
  ecdsaRange?: { min: bigint; max: bigint };
}): Promise<DevContracts> {
  const probe = new JsonRpcProvider(options.rpcUrl);
  const chainId = (await probe.getNetwork()).chainId;
  probe.destroy();
  const provider = uncachedProvider(options.rpcUrl, chainId);
  try {
    const deployer = anvilAccount(0).connect(provider);
    const addresses = await deployDevSystem(deployer, { signer: options.signer, registrars: options.poolWallets, ecdsaRange: options.ecdsaRange });
    const fundTo = options.fundTo ?? parseEther('100');
    for (const wallet of options.poolWallets) {
      const balance = await provider.getBalance(wallet);
      if (balance >= fundTo) continue;
      const nonce = await provider.getTransactionCount(deployer.address, 'pending');
      await (await deployer.sendTransaction({ to: wallet, value: fundTo - balance, nonce })).wait();
    }
    return { addresses, env: devContractsEnv(addresses), deployer: deployer.address, poolWallets: options.poolWallets, signer: options.signer, chainId };
  } finally {
    provider.destroy();
  }
}
