// What the dev stack must remember of the chain it deployed and drove, beside anvil's own state file
// (.dev-data/chain/): the addresses, the drive's markets and the positions the live load knows, so a
// second start resumes the same chain instead of deploying and driving again.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BaseWallet } from 'ethers';
import type { DrivenMarket, DriveResult } from '../chain-driver/drive-preset';
import { devContractsEnv, type DevContracts } from './deploy-contracts';

const VERSION = 1;

/** Which key signs a market's index updates: beacon-ops' signer (the demo ECDSA beacon) or the driver's own. */
type SignerRole = 'service' | 'driver';

type StoredMarket = Omit<DrivenMarket, 'beaconSigner'> & { beaconSigner: SignerRole };

export interface DevChainRecord {
  version: number;
  genesisHash: string;
  /**
   * The genesis block's timestamp, passed again to anvil at every resume: anvil 1.7 rebuilds block 0
   * from its settings when it loads a state it dumped after a load, so without it the second resume
   * found another genesis hash and discarded the chain. Absent in records written before.
   */
  genesisTimestamp?: number;
  /** The first block of the deployment: where the indexer starts. */
  startBlock: number;
  contracts: Omit<DevContracts, 'env'>;
  driven: Omit<DriveResult, 'markets'> & { markets: StoredMarket[] };
  /** Starts of the live load so far: each one seeds its index nonces apart from the others'. */
  liveRuns: number;
}

export interface Signers {
  service: BaseWallet;
  driver: BaseWallet;
}

// bigints as "<digits>n": no address, name or hash has that form.
const BIGINT = /^-?\d+n$/;
const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);
const reviver = (_key: string, value: unknown) => (typeof value === 'string' && BIGINT.test(value) ? BigInt(value.slice(0, -1)) : value);

export function recordOf(
  genesis: { hash: string; timestamp: number },
  startBlock: number,
  contracts: DevContracts,
  driven: DriveResult,
  signers: Signers,
): DevChainRecord {
  const { env: _env, ...kept } = contracts;
  return {
    version: VERSION,
    genesisHash: genesis.hash,
    genesisTimestamp: genesis.timestamp,
    startBlock,
    contracts: kept,
    driven: { ...driven, markets: driven.markets.map((m) => storedMarket(m, signers)) },
    liveRuns: 0,
  };
}

/** The record with the markets as the live load now knows them. */
export function withMarkets(record: DevChainRecord, markets: DrivenMarket[], signers: Signers): DevChainRecord {
  return { ...record, driven: { ...record.driven, markets: markets.map((m) => storedMarket(m, signers)) } };
}

function storedMarket(m: DrivenMarket, signers: Signers): StoredMarket {
  const role: SignerRole = m.beaconSigner.address === signers.service.address ? 'service' : 'driver';
  return { ...m, beaconSigner: role };
}

/** The record as the dev stack uses it: contracts with their env, markets with their signers. */
export function restore(record: DevChainRecord, signers: Signers): { contracts: DevContracts; driven: DriveResult } {
  return {
    contracts: { ...record.contracts, env: devContractsEnv(record.contracts.addresses) },
    driven: { ...record.driven, markets: record.driven.markets.map((m) => ({ ...m, beaconSigner: signers[m.beaconSigner] })) },
  };
}

/** The record at `path`, or null when there is none or it is of another version or unreadable (then the chain starts afresh). */
export function readRecord(path: string): DevChainRecord | null {
  if (!existsSync(path)) return null;
  try {
    const record = JSON.parse(readFileSync(path, 'utf8'), reviver) as DevChainRecord;
    return record.version === VERSION ? record : null;
  } catch {
    return null;
  }
}

/** Written whole then renamed: a crash leaves the old record or the new one, never half of one. */
export function writeRecord(path: string, record: DevChainRecord): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(record, replacer));
  renameSync(temporary, path);
}
