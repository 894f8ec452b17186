import { createMarketDataClient, pageItems } from '@perp/market-data-client';
import { JsonRpcProvider } from 'ethers';
import { Client } from 'pg';
import { ChainViews } from './chain-views';

export interface AuditOptions {
  rpcUrl: string;
  indexUrl: string;
  /** The Uniswap v4 PoolManager of the markets' pools (fee growth is read from its storage). */
  poolManager: string;
  marketData: { baseUrl: string; apiKey: string };
  /** Audit at this block; default the block the index is current at (its cursor). */
  block?: number;
}

export interface AuditReport {
  block: number;
  markets: number;
  openPositions: number;
  closedPositions: number;
  /** Positions the chain's own liquidate* accepts, each at its market's latest snapshot block. */
  liquidatable: number;
  /** Of those, listed by /positions/liquidatable. */
  listed: number;
  /**
   * Of those, closed (a keeper liquidated them) or made healthy (the index moved) on a live chain
   * before market-data's list was read: market-data marks the state it has, not block B.
   */
  settledSince: number;
  disagreements: string[];
}

type Row = Record<string, unknown>;

/** pg's text for numerics and int8, JS numbers for int4: one comparable form. */
function same(stored: unknown, chain: bigint | number | string | null): boolean {
  if (chain === null || stored === null || stored === undefined) return (stored ?? null) === chain;
  if (typeof chain === 'string') return String(stored).toLowerCase() === chain.toLowerCase();
  return BigInt(stored as string | number) === BigInt(chain);
}

/**
 * The index store against the chain, to the atom: every market and every position in the store
 * equals the chain's views at the block the index is current at, every market holds as many
 * positions as its Perp has numbered, and every position the chain's own liquidateTaker /
 * liquidateMaker accepts (an eth_call at its market's latest snapshot block, the state
 * market-data marks) is in GET /positions/liquidatable.
 */
export async function auditIndex(options: AuditOptions): Promise<AuditReport> {
  const db = new Client({ connectionString: options.indexUrl });
  await db.connect();
  const provider = new JsonRpcProvider(options.rpcUrl, undefined, { staticNetwork: true, batchMaxCount: 20 });
  const disagreements: string[] = [];
  try {
    // One snapshot of the store: the indexer may write on while the audit reads.
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cursor = (await db.query(`SELECT block_number FROM chain_cursor LIMIT 1`)).rows[0] as Row | undefined;
    if (!cursor && options.block === undefined) throw new Error('the index store has no cursor: pass --block B');
    const cursorBlock = cursor ? Number(cursor['block_number']) : undefined;
    if (options.block !== undefined && cursorBlock !== undefined && options.block !== cursorBlock) {
      throw new Error(`the index is current at block ${cursorBlock}, not ${options.block}: audit at ${cursorBlock}`);
    }
    const block = options.block ?? (cursorBlock as number);
    const views = new ChainViews(provider, block);

    const markets: Row[] = (await db.query(`SELECT * FROM markets ORDER BY perp_address`)).rows;
    const positions: Row[] = (await db.query(`SELECT * FROM positions ORDER BY perp_address, id`)).rows;
    const snapshotBlocks = new Map<string, number>(
      (await db.query(`SELECT perp_address, max(block_number) AS b FROM snapshots GROUP BY perp_address`)).rows.map((r: Row) => [
        r['perp_address'] as string,
        Number(r['b']),
      ]),
    );
    await db.query('COMMIT');

    const builds = new Map<string, Awaited<ReturnType<ChainViews['market']>>['build']>();
    const compareMarket = async (m: Row, at: ChainViews): Promise<string[]> => {
      const found: string[] = [];
      const perp = m['perp_address'] as string;
      const chain = await at.market(perp, options.poolManager);
      builds.set(perp, chain.build);
      for (const [column, value] of Object.entries(chain.columns)) {
        if (!same(m[column], value)) found.push(`market ${perp} ${column}: store ${m[column]}, chain ${value}`);
      }
      const numbered = (await at.nextPosId(perp)) - 1n;
      const held = positions.filter((p) => p['perp_address'] === perp).length;
      if (BigInt(held) !== numbered) found.push(`market ${perp}: the store holds ${held} positions, the Perp has numbered ${numbered}`);
      return found;
    };
    const comparePosition = async (p: Row, at: ChainViews): Promise<string[]> => {
      const found: string[] = [];
      const perp = p['perp_address'] as string;
      const id = BigInt(p['id'] as string);
      const chain = await at.position(perp, id);
      const label = `position ${id} of ${perp}`;
      if (p['is_closed']) {
        if (chain['holder'] !== null || chain['margin'] !== 0n) found.push(`${label}: closed in the store, open on chain`);
        return found;
      }
      const expected: Record<string, unknown> = { ...chain };
      for (const key of ['maker_tick_lower', 'maker_tick_upper', 'maker_liquidity']) delete expected[key];
      if (p['is_maker'])
        Object.assign(expected, { tick_lower: chain['maker_tick_lower'], tick_upper: chain['maker_tick_upper'], liquidity: chain['maker_liquidity'] });
      for (const [column, value] of Object.entries(expected) as [string, bigint | number | string | null][]) {
        if (!same(p[column], value)) found.push(`${label} ${column}: store ${p[column]}, chain ${value}`);
      }
      return found;
    };

    const suspects: { found: string[]; again: (at: ChainViews) => Promise<string[]> }[] = [];
    for (const m of markets) {
      const found = await compareMarket(m, views);
      if (found.length > 0) suspects.push({ found, again: (at) => compareMarket(m, at) });
    }
    let open = 0;
    let closed = 0;
    for (const p of positions) {
      if (p['is_closed']) closed++;
      else open++;
      const found = await comparePosition(p, views);
      if (found.length > 0) suspects.push({ found, again: (at) => comparePosition(p, at) });
    }
    // anvil answers a read at its head from the block it is mining (npm run bench:anvil-head-race):
    // B may have been the head while the audit read it. Once the chain is past B, B's state is settled,
    // so a disagreement read then is the index's; one read only at the head is read again first.
    if (suspects.length > 0 && (await provider.getBlockNumber()) > block) {
      const settled = new ChainViews(provider, block);
      for (const s of suspects) disagreements.push(...(await s.again(settled)));
    } else for (const s of suspects) disagreements.push(...s.found);

    // The chain's test at the state market-data marks each market at: its latest snapshot's block.
    const client = createMarketDataClient({ baseUrl: options.marketData.baseUrl, apiKey: options.marketData.apiKey });
    let liquidatable = 0;
    let listed = 0;
    let settledSince = 0;
    for (const m of markets) {
      const perp = m['perp_address'] as string;
      const at = snapshotBlocks.get(perp);
      if (at === undefined) continue;
      const accepted: bigint[] = [];
      for (const p of positions.filter((x) => x['perp_address'] === perp && !x['is_closed'])) {
        const amount = BigInt((p['is_maker'] ? p['liquidity'] : p['perp_delta']) as string);
        const id = BigInt(p['id'] as string);
        if (await views.acceptsLiquidation(perp, builds.get(perp)!, id, p['is_maker'] as boolean, amount < 0n ? -amount : amount, at)) accepted.push(id);
      }
      if (accepted.length === 0) continue;
      const listing = async () => {
        const ids = new Set<number>();
        for await (const c of pageItems((page) => client.getLiquidatablePositions({ ...page, perp_address: perp }), { limit: 500 })) ids.add(c.id);
        return ids;
      };
      let candidates = await listing();
      for (const id of accepted) {
        liquidatable++;
        if (candidates.has(Number(id))) {
          listed++;
          continue;
        }
        // On a live chain the list is read after B: the position may have been liquidated since, or
        // be healthy at the state market-data now marks. Only a position still open, still accepted
        // by the chain at the market's newest snapshot, and still unlisted after a refresh period,
        // is a disagreement.
        let verdict: 'listed' | 'settled' | 'missing' = 'missing';
        for (let attempt = 0; attempt < 3 && verdict === 'missing'; attempt++) {
          const now = await currentState(db, perp, id);
          if (now.closed) verdict = 'settled';
          else if (!(await views.acceptsLiquidation(perp, builds.get(perp)!, id, now.isMaker, now.amount, now.snapshotBlock))) verdict = 'settled';
          else {
            await new Promise((resolve) => setTimeout(resolve, 1_500));
            candidates = await listing();
            if (candidates.has(Number(id))) verdict = 'listed';
          }
        }
        if (verdict === 'listed') listed++;
        else if (verdict === 'settled') settledSince++;
        else disagreements.push(`position ${id} of ${perp}: the chain liquidates it at block ${at}, /positions/liquidatable does not list it`);
      }
    }
    return { block, markets: markets.length, openPositions: open, closedPositions: closed, liquidatable, listed, settledSince, disagreements };
  } finally {
    provider.destroy();
    await db.end();
  }
}

/** A position as the store holds it now (not at B), with its market's newest snapshot block. */
async function currentState(db: Client, perp: string, id: bigint): Promise<{ closed: boolean; isMaker: boolean; amount: bigint; snapshotBlock: number }> {
  const row = (
    await db.query(
      `SELECT p.is_closed, p.is_maker, p.liquidity, p.perp_delta,
              (SELECT max(block_number) FROM snapshots s WHERE s.perp_address = p.perp_address) AS snapshot_block
       FROM positions p WHERE p.perp_address = $1 AND p.id = $2`,
      [perp, id.toString()],
    )
  ).rows[0] as Row | undefined;
  // Gone from the store: a reorg dropped its opening block since.
  if (!row) return { closed: true, isMaker: false, amount: 0n, snapshotBlock: 0 };
  const amount = BigInt((row['is_maker'] ? row['liquidity'] : row['perp_delta']) as string);
  return {
    closed: row['is_closed'] as boolean,
    isMaker: row['is_maker'] as boolean,
    amount: amount < 0n ? -amount : amount,
    snapshotBlock: Number(row['snapshot_block']),
  };
}
