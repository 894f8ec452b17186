import { AbiCoder, id, Interface } from 'ethers';
import type { ChainReader } from '../../chain/chain-reader';
import type { EntityManager } from 'typeorm';
import type { ChainBlock, ChainLog } from '../../chain/chain-block';
import type { BlockHandler, LogWatch } from '../../follower/block-handler';

/** The two members of our EcdsaBeacon (libs/contracts) this handler uses; ZK beacons emit DataUpdated instead. */
const BEACON = new Interface(['event IndexUpdated(uint256 index)', 'function index() view returns (uint256)']);
export const INDEX_UPDATED_TOPIC = id('IndexUpdated(uint256)');

/**
 * The beacons' `IndexUpdated(uint256)` of every market's beacon (markets.beacon_address): each
 * log is a row of beacon_index_updates (append-only), and the markets of that beacon take the
 * block's last value as index_price_x96.
 */
export class BeaconIndexHandler implements BlockHandler {
  readonly name = 'beacon-index';

  constructor(private readonly chain: Pick<ChainReader, 'call'>) {}

  async watch(store: EntityManager): Promise<LogWatch> {
    const rows: { beacon_address: string }[] = await store.query(`SELECT DISTINCT beacon_address FROM markets ORDER BY beacon_address`);
    return { addresses: rows.map((row) => row.beacon_address), topics: [INDEX_UPDATED_TOPIC] };
  }

  async handleBlock(block: ChainBlock, logs: readonly ChainLog[], tx: EntityManager): Promise<void> {
    const latest = new Map<string, bigint>();
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const log of logs) {
      // `index` is not indexed: the value is the log's data.
      const [value] = AbiCoder.defaultAbiCoder().decode(['uint256'], log.data) as unknown as [bigint];
      latest.set(log.address, value);
      const at = params.length;
      tuples.push(`($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`);
      params.push(block.number, log.logIndex, log.address, log.transactionHash, value.toString(), block.timestamp);
    }
    // A plain INSERT: a row already there would mean a block applied twice, which must fail loudly.
    await tx.query(
      `INSERT INTO beacon_index_updates (block_number, log_index, beacon_address, transaction_hash, index_x96, block_timestamp) VALUES ${tuples.join(', ')}`,
      params,
    );
    // block_number: the block each index row was last written from (libs/index-db README).
    for (const [beacon, value] of latest) {
      await tx.query(`UPDATE markets SET index_price_x96 = $2, block_number = $3 WHERE beacon_address = $1`, [beacon, value.toString(), block.number]);
    }
  }

  async rewind(forkBlock: number, tx: EntityManager): Promise<void> {
    const [deleted]: [{ beacon_address: string }[], number] = await tx.query(
      `DELETE FROM beacon_index_updates WHERE block_number > $1 RETURNING beacon_address`,
      [forkBlock],
    );
    const touched = [...new Set(deleted.map((row) => row.beacon_address))];
    // The rows left may not hold the beacon's value at the fork (updates before START_BLOCK, or
    // before the market was listed): the contract is the truth, read as of the fork block.
    for (const beacon of touched) {
      const value = forkBlock >= 0 ? await this.indexAt(beacon, forkBlock) : null;
      await tx.query(
        `UPDATE markets SET index_price_x96 = $2, block_number = CASE WHEN block_number > $3 THEN $3 ELSE block_number END WHERE beacon_address = $1`,
        [beacon, value?.toString() ?? null, Math.max(forkBlock, 0)],
      );
    }
  }

  /** `index()` pinned to `block`; null when the beacon had no code yet then. */
  private async indexAt(beacon: string, block: number): Promise<bigint | null> {
    const result = await this.chain.call(beacon, BEACON.encodeFunctionData('index'), block);
    if (result === '0x') return null;
    return BEACON.decodeFunctionResult('index', result)[0] as bigint;
  }
}
