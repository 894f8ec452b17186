/**
 * bench:market's writer for /positions/liquidatable: while the service is measured, the index
 * moves as a live one does, and each move's delay until the service serves it is measured.
 *
 * - every second, one open position of a live market is written again (the same row, as the
 *   indexer rewrites a position after a trade): that market's write version moves, so the next
 *   refresh re-evaluates it;
 * - every `markEverySeconds`, every live market gets a new mark snapshot at the current time (a
 *   copy of its latest one): every live market moves at once, the whole refresh the service does
 *   when the simulator's or the indexer's snapshots land (the presets write one per market per
 *   minute; the bench writes them more often, so that each run holds several);
 * - after each snapshot round, one live market's candidates are asked for every 20 ms until they
 *   carry the new snapshot's time: the delay from the round's commit to the first answer serving it.
 *
 * Live markets are those whose latest snapshot is within 10 minutes of the freshest market's: the
 * preset's stale and inactive markets keep their old marks. The data stays as it was but for the
 * snapshots added (a reload of the preset drops them).
 */
import { MARK_AS_OF_SQL } from '@perp/index-db';
import { Client } from 'pg';

export interface LiveWritesOptions {
  indexUrl: string;
  serviceBase: string;
  headers: Record<string, string>;
  markEverySeconds: number;
}

export interface LiveWritesResult {
  liveMarkets: number;
  probeMarket?: string;
  markRounds: number;
  positionWrites: number;
  /** Per snapshot round: ms from its commit until the service served it; null when not within 10 s (or no market to watch). */
  delaysMs: (number | null)[];
}

const POLL_MS = 20;
const GIVE_UP_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LiveWrites {
  private timers: NodeJS.Timeout[] = [];
  private rounds: Promise<number | null>[] = [];
  private result: LiveWritesResult;
  private next = 0;

  private constructor(
    private readonly client: Client,
    private readonly options: LiveWritesOptions,
    private readonly live: string[],
    private readonly positions: { perp_address: string; id: string }[],
    private readonly probeMarket: string | undefined,
  ) {
    this.result = this.fresh();
  }

  static async prepare(options: LiveWritesOptions): Promise<LiveWrites> {
    const client = new Client({ connectionString: options.indexUrl });
    await client.connect();
    const live = (
      await client.query<{ perp_address: string }>(
        `WITH t AS (SELECT m.perp_address, ${MARK_AS_OF_SQL} AS as_of FROM markets m)` +
          ` SELECT perp_address FROM t WHERE as_of >= (SELECT max(as_of) FROM t) - 600 ORDER BY perp_address`,
      )
    ).rows.map((r) => r.perp_address);
    // One open maker per live market to write again (positions_open_makers_idx, one probe each).
    const positions = (
      await client.query<{ perp_address: string; id: string }>(
        `SELECT p.perp_address, p.id FROM unnest($1::varchar[]) AS l(perp_address)` +
          ` CROSS JOIN LATERAL (SELECT perp_address, id FROM positions WHERE perp_address = l.perp_address AND NOT is_closed AND is_maker ORDER BY id LIMIT 1) p`,
        [live],
      )
    ).rows;
    let probe: string | undefined;
    for (const market of live) {
      const page = (await (
        await fetch(`${options.serviceBase}/positions/liquidatable?perp_address=${market}&limit=1`, { headers: options.headers })
      ).json()) as {
        total: number;
      };
      if (page.total > 0) {
        probe = market;
        break;
      }
    }
    return new LiveWrites(client, options, live, positions, probe);
  }

  get liveMarkets(): number {
    return this.live.length;
  }

  /** One snapshot round alone: ms until it was served (null: not within 10 s, or no market to watch). */
  markOnce(): Promise<number | null> {
    return this.markRound();
  }

  /** Writes from now on: a position every second, a snapshot round after 1 s and then every markEverySeconds. */
  start(): void {
    this.result = this.fresh();
    if (this.options.markEverySeconds <= 0 || this.live.length === 0) return;
    this.timers.push(setInterval(() => void this.writePosition(), 1_000));
    const mark = () => void this.rounds.push(this.markRound());
    this.timers.push(
      setTimeout(() => {
        mark();
        this.timers.push(setInterval(mark, this.options.markEverySeconds * 1_000));
      }, 1_000),
    );
  }

  /** No more writes; what this session wrote, once its last round was served (or given up). */
  async stop(): Promise<LiveWritesResult> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    const rounds = this.rounds;
    this.rounds = [];
    const result = this.result;
    result.delaysMs = await Promise.all(rounds);
    return result;
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  private fresh(): LiveWritesResult {
    return { liveMarkets: this.live.length, probeMarket: this.probeMarket, markRounds: 0, positionWrites: 0, delaysMs: [] };
  }

  private async writePosition(): Promise<void> {
    if (this.positions.length === 0) return;
    const position = this.positions[this.next++ % this.positions.length];
    await this.client.query('UPDATE positions SET margin = margin WHERE perp_address = $1 AND id = $2', [position.perp_address, position.id]);
    this.result.positionWrites += 1;
  }

  private async markRound(): Promise<number | null> {
    const result = this.result;
    const rows = (
      await this.client.query<{ perp_address: string; t: string }>(
        `INSERT INTO snapshots (perp_address, "timestamp", amm_price_x96, index_price_x96)` +
          ` SELECT s.perp_address, greatest(to_timestamp($2), s."timestamp" + interval '1 second'), s.amm_price_x96, s.index_price_x96` +
          ` FROM unnest($1::varchar[]) AS l(perp_address)` +
          ` CROSS JOIN LATERAL (SELECT * FROM snapshots s WHERE s.perp_address = l.perp_address ORDER BY s."timestamp" DESC, s.id DESC LIMIT 1) s` +
          ` RETURNING perp_address, floor(extract(epoch FROM "timestamp"))::bigint AS t`,
        [this.live, Math.floor(Date.now() / 1000)],
      )
    ).rows;
    const committedAt = Date.now();
    result.markRounds += 1;
    const asOf = Number(rows.find((r) => r.perp_address === this.probeMarket)?.t);
    if (this.probeMarket === undefined || !Number.isFinite(asOf)) return null;
    const url = `${this.options.serviceBase}/positions/liquidatable?perp_address=${this.probeMarket}&limit=1`;
    while (Date.now() - committedAt < GIVE_UP_MS) {
      const page = (await (await fetch(url, { headers: this.options.headers })).json()) as { items: { as_of: number | null }[] };
      if (page.items[0]?.as_of === asOf) return Date.now() - committedAt;
      await sleep(POLL_MS);
    }
    return null;
  }
}
