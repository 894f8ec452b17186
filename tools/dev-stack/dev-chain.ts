// The dev stack's chain: a local anvil whose state lives in .dev-data/chain/ (anvil's own state file,
// dumped every few seconds and at exit, and the dev stack's record of what it deployed). The first
// start deploys the beacon system and the Perp City double and drives the chain-demo preset; a later
// start loads the state and resumes, unless the record and the state no longer fit together.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AnvilNode, rpcCall, startAnvil } from '@perp/local-infra';
import { chainPreset } from '../chain-driver/chain-presets';
import { driverBeaconSigner } from '../chain-driver/chain-setup';
import { driveChainPreset, type DriveResult } from '../chain-driver/drive-preset';
import { beaconOpsAccounts, deployDevContracts, serviceSignerWallet, type DevContracts } from './deploy-contracts';
import { readRecord, recordOf, restore, writeRecord, type DevChainRecord, type Signers } from './dev-chain-record';
import type { DevStackSettings } from './dev-settings';

/** The preset every first start drives, and its seed (the same markets and history on every machine). */
export const DEV_CHAIN_PRESET = 'chain-demo';
const DEV_CHAIN_SEED = '42';
/** Seconds between anvil's state dumps: what a kill -9 of the stack can lose of the chain. */
const STATE_INTERVAL_SECONDS = 15;
/** The demo ECDSA beacon carries market 0's index, a plain X96 price: its range must hold one. */
const DEMO_ECDSA_RANGE = { min: 1n, max: 2n ** 160n };

export interface DevChain {
  anvil: AnvilNode;
  contracts: DevContracts;
  driven: DriveResult;
  record: DevChainRecord;
  recordPath: string;
  signers: Signers;
  /** A new chain: every store that describes the old one (index, source, beacon-ops' journal) must start empty. */
  fresh: boolean;
  /** Why a previous chain was not resumed (absent on a first start and on a resume). */
  discarded?: string;
}

export function devChainPaths(settings: DevStackSettings) {
  const dir = join(settings.dataDir, 'chain');
  return { dir, state: join(dir, 'anvil-state.json'), record: join(dir, 'record.json'), log: join(settings.dataDir, 'anvil.log') };
}

export async function startDevChain(settings: DevStackSettings, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<DevChain> {
  const paths = devChainPaths(settings);
  const accounts = beaconOpsAccounts(env);
  const service = serviceSignerWallet(env);
  const signers: Signers = { service, driver: driverBeaconSigner() };
  const anvilOptions = (extra: string[]) => ({
    port: settings.anvilPort,
    logFile: paths.log,
    extraArgs: ['--state', paths.state, '--state-interval', String(STATE_INTERVAL_SECONDS), ...extra],
  });

  const record = readRecord(paths.record);
  let discarded: string | undefined;
  if (record && existsSync(paths.state)) {
    const sameAccounts = record.contracts.signer === accounts.signer && record.contracts.poolWallets.join() === accounts.poolWallets.join();
    if (!sameAccounts) discarded = 'the pool wallets or the signer differ from the ones the chain was deployed for';
    else {
      log(`Loading the dev chain from ${paths.state}...`);
      const anvil = await startAnvil(anvilOptions(record.genesisTimestamp === undefined ? [] : ['--timestamp', String(record.genesisTimestamp)]));
      const problem = await resumeProblem(anvil, record);
      if (!problem) {
        const { contracts, driven } = restore(record, signers);
        return { anvil, contracts, driven, record, recordPath: paths.record, signers, fresh: false };
      }
      discarded = problem;
      await anvil.stop();
    }
  } else if (record || existsSync(paths.state)) discarded = `${record ? paths.state : paths.record} is missing or unreadable`;
  if (discarded) log(`The previous dev chain cannot be resumed (${discarded}): starting a new one.`);

  rmSync(paths.dir, { recursive: true, force: true });
  const preset = chainPreset(DEV_CHAIN_PRESET);
  // Genesis a day and an hour back: the preset's history (ending now) is laid out after the deployment.
  const genesis = Math.floor(Date.now() / 1000) - preset.days * 86_400 - 3_600;
  const anvil = await startAnvil(anvilOptions(['--timestamp', String(genesis)]));
  try {
    const startBlock = Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber')));
    log('Deploying the beacon contracts...');
    const contracts = await deployDevContracts({ rpcUrl: anvil.url, ...accounts, ecdsaRange: DEMO_ECDSA_RANGE });
    log(`Driving the ${DEV_CHAIN_PRESET} preset: Perp City markets as contracts, a day of trades (about 10 s)...`);
    const driven = await driveChainPreset({
      rpcUrl: anvil.url,
      preset,
      seed: DEV_CHAIN_SEED,
      // Market 0 runs on the banner's demo ECDSA beacon: one update through beacon-ops moves it.
      beacon0: { address: contracts.addresses.demoEcdsaBeacon, signer: service },
      multicall3: contracts.addresses.multicall3,
    });
    const genesisHash = await blockHash(anvil, 0);
    if (!genesisHash) throw new Error('the new anvil has no genesis block');
    const fresh = recordOf({ hash: genesisHash, timestamp: genesis }, startBlock, contracts, driven, signers);
    writeRecord(paths.record, fresh);
    return { anvil, contracts, driven, record: fresh, recordPath: paths.record, signers, fresh: true, discarded };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

async function blockHash(anvil: AnvilNode, n: number): Promise<string | null> {
  const block = await rpcCall<{ hash: string } | null>(anvil.url, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
  return block?.hash ?? null;
}

/** Why the loaded chain is not the recorded one, or null when it is. */
async function resumeProblem(anvil: AnvilNode, record: DevChainRecord): Promise<string | null> {
  if ((await blockHash(anvil, 0)) !== record.genesisHash) return 'its genesis block differs from the recorded one';
  const code = await rpcCall<string>(anvil.url, 'eth_getCode', [record.driven.factory, 'latest']);
  if (code === '0x') return 'the Perp City factory has no code in the loaded state';
  return null;
}
