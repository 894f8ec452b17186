import { finished } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DEFER_ROLLUPS_SETTING } from '@perp/index-db';

const FLUSH_AT = 1 << 20;

/**
 * One table's COPY ... FROM STDIN in its own transaction, which truncates the table first:
 * COPY FREEZE then writes rows already frozen and visible, and a failed run rolls back to
 * the old rows. Lines are batched; `blocked` tells the producer to await `drain()`.
 */
export class CopyStream {
  rows = 0;
  private buffer = '';
  private blocked = false;
  private failure: Error | null = null;

  private constructor(
    readonly table: string,
    private readonly client: Client,
    private readonly stream: NodeJS.WritableStream & { on(event: 'error', listener: (error: Error) => void): unknown },
  ) {
    stream.on('error', (error: Error) => (this.failure ??= error));
  }

  static async open(url: string, table: string, columns: readonly string[]): Promise<CopyStream> {
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    // The rollup triggers (candles) stand aside for the load; runSimulation rebuilds them once, set-based, after it.
    await client.query(`SELECT set_config('${DEFER_ROLLUPS_SETTING}', 'on', true)`);
    await client.query(`TRUNCATE "${table}"`);
    const stream = client.query(copyFrom(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN WITH (FREEZE)`));
    return new CopyStream(table, client, stream);
  }

  get needsDrain(): boolean {
    return this.blocked;
  }

  write(line: string): void {
    this.buffer += line;
    this.rows++;
    if (this.buffer.length >= FLUSH_AT) this.flush();
  }

  private flush(): void {
    if (this.failure) throw this.failure;
    if (this.buffer.length === 0) return;
    if (!this.stream.write(this.buffer)) this.blocked = true;
    this.buffer = '';
  }

  async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.blocked) return;
    // A failed COPY never drains: wait for whichever comes first.
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        this.stream.removeListener('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        this.stream.removeListener('drain', onDrain);
        reject(error);
      };
      this.stream.once('drain', onDrain);
      this.stream.once('error', onError);
    });
    this.blocked = false;
  }

  /** Ends the COPY and commits. */
  async commit(): Promise<void> {
    this.flush();
    this.stream.end();
    await finished(this.stream);
    if (this.failure) throw this.failure;
    await this.client.query('COMMIT');
    await this.client.end();
  }

  /**
   * Rolls back: the table keeps the rows it had before. A COPY still in progress is failed
   * (CopyFail) and the connection closed, which makes the server roll the transaction back;
   * a ROLLBACK query would queue behind the COPY and never run.
   */
  async abort(): Promise<void> {
    (this.stream as unknown as { destroy(error?: Error): void }).destroy(new Error('aborted'));
    await Promise.race([this.client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
}
