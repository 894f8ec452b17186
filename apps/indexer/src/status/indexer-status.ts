import { indexerMetrics } from './indexer-metrics';

/** `active`: holds the writer lock and writes; `standby`: another replica holds it; `refused`: the store belongs to another chain. */
export type IndexerRole = 'starting' | 'active' | 'standby' | 'refused';
export type Availability = 'up' | 'down' | 'unknown';

export interface ReadyAnswer {
  ready: boolean;
  body: Record<string, unknown>;
}

/**
 * What /ready reports, kept by the writer loop as it goes (never a probe of its own: the loop
 * touches the store and the node every poll, and a probe would only race it).
 */
export class IndexerStatus {
  role: IndexerRole = 'starting';
  store: Availability = 'unknown';
  rpc: Availability = 'unknown';
  chainId?: number;
  head?: { number: number; timestamp: number };
  cursor?: { number: number; hash: string; timestamp: number };
  lastError?: string;

  constructor(
    private readonly confirmations: number,
    private readonly maxLagBlocks: number,
  ) {}

  setRole(role: IndexerRole): void {
    this.role = role;
    indexerMetrics.active.set(role === 'active' ? 1 : 0);
  }

  setStore(state: Availability, error?: string): void {
    this.store = state;
    indexerMetrics.storeUp.set(state === 'up' ? 1 : 0);
    if (error) this.lastError = error;
  }

  setRpc(state: Availability, error?: string): void {
    this.rpc = state;
    indexerMetrics.rpcUp.set(state === 'up' ? 1 : 0);
    if (error) this.lastError = error;
  }

  setHead(head: { number: number; timestamp: number }): void {
    this.head = head;
    indexerMetrics.headBlock.set(head.number);
    this.updateLag();
  }

  setCursor(cursor: { number: number; hash: string; timestamp: number }): void {
    this.cursor = cursor;
    indexerMetrics.cursorBlock.set(cursor.number);
    this.updateLag();
  }

  /** Blocks the cursor is behind head - CONFIRMATIONS (what the indexer could have written). */
  lagBlocks(): number | undefined {
    if (!this.head || !this.cursor) return undefined;
    return Math.max(0, this.head.number - this.confirmations - this.cursor.number);
  }

  lagSeconds(): number | undefined {
    if (!this.head || !this.cursor) return undefined;
    return Math.max(0, this.head.timestamp - this.cursor.timestamp);
  }

  /** 200 when the store and the node answer and the lag is within MAX_LAG_BLOCKS; a healthy standby is ready (see README). */
  ready(): ReadyAnswer {
    const lag = this.lagBlocks();
    const problems: string[] = [];
    if (this.role === 'starting') problems.push('starting');
    if (this.role === 'refused') problems.push(`refused: ${this.lastError ?? 'the store belongs to another chain'}`);
    if (this.store !== 'up') problems.push(`index store ${this.store}`);
    if (this.rpc !== 'up') problems.push(`chain RPC ${this.rpc}`);
    if (lag === undefined) problems.push('lag unknown');
    else if (lag > this.maxLagBlocks) problems.push(`lag ${lag} blocks exceeds MAX_LAG_BLOCKS ${this.maxLagBlocks}`);
    const ready = problems.length === 0;
    return {
      ready,
      body: {
        status: ready ? 'ready' : 'unavailable',
        role: this.role,
        chain_id: this.chainId ?? null,
        store: this.store,
        rpc: this.rpc,
        cursor: this.cursor ? { block_number: this.cursor.number, block_hash: this.cursor.hash } : null,
        head_block: this.head?.number ?? null,
        lag_blocks: lag ?? null,
        lag_seconds: this.lagSeconds() ?? null,
        max_lag_blocks: this.maxLagBlocks,
        ...(ready ? {} : { problems }),
      },
    };
  }

  private updateLag(): void {
    const blocks = this.lagBlocks();
    const seconds = this.lagSeconds();
    if (blocks !== undefined) indexerMetrics.lagBlocks.set(blocks);
    if (seconds !== undefined) indexerMetrics.lagSeconds.set(seconds);
  }
}
