// Shared by the spec files: a private anvil per spec file, and ethers wallets for its dev accounts.
import { HDNodeWallet, JsonRpcProvider, Mnemonic, type Signer, type TransactionRequest } from 'ethers';
import { ANVIL_MNEMONIC, startAnvil, type AnvilNode } from '@perp/local-infra';
import { contractErrorOf } from '../src/lib/contract-errors';
import { deployBeaconSystem, type BeaconSystemAddresses } from '../src/lib/deploy-beacon-system';
import { deployGroth16Verifier } from '../src/lib/deploy-groth16-verifier';
import { withGasHeadroom } from '../src/lib/gas-headroom';

export interface TestChain {
  anvil: AnvilNode;
  provider: JsonRpcProvider;
  chainId: bigint;
  /** Dev accounts of the anvil mnemonic; wallets[0] = 0xf39F...2266. */
  wallets: HDNodeWallet[];
  /** Mines one block at exactly `timestamp`. */
  mineAt(timestamp: number): Promise<void>;
  /** The next transaction's block gets exactly `timestamp`. */
  setNextTimestamp(timestamp: number): Promise<void>;
  latestTimestamp(): Promise<number>;
  stop(): Promise<void>;
}

/** Sends with headroom over every estimate, as the service must (see gas-headroom.ts). */
class HeadroomProvider extends JsonRpcProvider {
  override async estimateGas(tx: TransactionRequest): Promise<bigint> {
    return withGasHeadroom(await super.estimateGas(tx));
  }
}

/**
 * A chain id of its own makes a port race visible: if another anvil (a parallel spec file, another
 * checkout's tests) took our port, it answers with a different chain id and ours fails to start,
 * instead of two suites silently sharing one chain. Such a start is retried on a fresh port.
 */
async function startPrivateAnvil(accounts: number): Promise<AnvilNode> {
  for (let attempt = 1; ; attempt++) {
    const chainId = 100_000 + Math.floor(Math.random() * 1_000_000_000);
    try {
      return await startAnvil({ accounts, chainId });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function startTestChain(accounts = 5): Promise<TestChain> {
  const anvil = await startPrivateAnvil(accounts);
  // cacheTimeout -1: ethers would otherwise reuse an eth_getTransactionCount answer for 250 ms.
  const provider = new HeadroomProvider(anvil.url, anvil.chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
  const mnemonic = Mnemonic.fromPhrase(ANVIL_MNEMONIC);
  const wallets = Array.from({ length: accounts }, (_, i) => HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${i}`).connect(provider));
  const setNextTimestamp = async (timestamp: number) => {
    await provider.send('evm_setNextBlockTimestamp', [timestamp]);
  };
  return {
    anvil,
    provider,
    chainId: BigInt(anvil.chainId),
    wallets,
    setNextTimestamp,
    async mineAt(timestamp) {
      await setNextTimestamp(timestamp);
      await provider.send('evm_mine', []);
    },
    async latestTimestamp() {
      const block = await provider.getBlock('latest');
      if (!block) throw new Error('no latest block');
      return block.timestamp;
    },
    async stop() {
      provider.destroy();
      await anvil.stop();
    },
  };
}

/** Resolves to the custom error name the promise was rejected with (fails if it resolved). */
export async function revertName(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return contractErrorOf(error)?.name ?? `undecoded: ${(error as Error).message}`;
  }
  throw new Error('expected a revert, but the call succeeded');
}

/** The beacon system on a test chain, its ZK beacons bound to the beacon-mean circuit's Groth16 verifier. */
export async function deployTestSystem(deployer: Signer): Promise<BeaconSystemAddresses & { groth16Verifier: string }> {
  const { groth16Verifier, adapter } = await deployGroth16Verifier(deployer);
  return { ...(await deployBeaconSystem(deployer, { verifier: adapter })), groth16Verifier };
}
