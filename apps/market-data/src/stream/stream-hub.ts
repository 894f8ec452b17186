import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { STREAM_EVENTS_CHANNEL } from '@perp/index-db';
import { Client } from 'pg';
import { CandidateBook } from '../positions/candidate-book';
import { LiquidationCandidatesService } from '../positions/liquidation-candidates.service';
import { withPerpAlias } from '../common/perp-alias';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { candidateChanges } from './candidate-changes';
import { CHANGE_PAGE, ChangeReader, ChangeRow } from './change-reader';
import { HEARTBEAT, frame, StreamFrame } from './stream-frames';
import { streamMetrics } from './stream-metrics';
import { StreamSubscriber } from './stream-subscriber';

/** A market's marks go out at most once per this many ms; a newer mark in between replaces the waiting one. */
export const MARK_INTERVAL_MS = 1_000;

/**
 * The replica's one reader of the change table and its fan-out. On the first subscriber it opens
 * its own connection, LISTENs on stream_events and starts from the newest id; each notification
 * (and every STREAM_POLL_MS, for a standby that gets none) reads what follows, in pages, turns it
 * into frames once and writes the same bytes to every subscriber that wants them. Ids are read in
 * order: a hole (a writer whose transaction took an id and has not committed yet) holds the events
 * behind it back for up to STREAM_GAP_WAIT_MS, then is skipped. Marks are throttled per market,
 * candidates diffed from this replica's refresh (they carry no id: see stream/README.md).
 */
@Injectable()
export class StreamHub implements OnModuleDestroy {
  private readonly logger = new Logger('StreamHub');
  private readonly subscribers = new Set<StreamSubscriber>();
  private client?: Client;
  private starting?: Promise<void>;
  private reader?: ChangeReader;
  /** The last id read (and published) from the change table. */
  private watermark = 0n;
  private holeSince?: number;
  private reading = false;
  private readAgain = false;
  private pollTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private stopped = false;
  private readonly lastMarkAt = new Map<string, number>();
  private readonly waitingMarks = new Map<string, StreamFrame>();
  private marksTimer?: NodeJS.Timeout;
  private unwatchCandidates?: () => void;
  private lastBook?: CandidateBook;

  constructor(
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
    private readonly candidates: LiquidationCandidatesService,
  ) {}

  /** The last change-table id this replica has published: a new subscriber's starting point. */
  get lastId(): bigint {
    return this.watermark;
  }

  /** Opens the reader if needed; rejects when the index store cannot be reached (the route answers 503). */
  async ready(): Promise<void> {
    if (this.client) return;
    this.starting ??= this.connect().finally(() => (this.starting = undefined));
    await this.starting;
  }

  add(subscriber: StreamSubscriber, wantsCandidates: boolean): void {
    this.subscribers.add(subscriber);
    streamMetrics.connections.set(this.subscribers.size);
    if (wantsCandidates && !this.unwatchCandidates) {
      // The book already served is the baseline (the client was told to read it); the next one is diffed against it.
      this.lastBook = this.candidates.latestBook();
      this.unwatchCandidates = this.candidates.watch((book) => this.candidatesMoved(book));
    }
    this.heartbeatTimer ??= setInterval(() => this.heartbeat(), this.settings.streamHeartbeatMs).unref();
  }

  remove(subscriber: StreamSubscriber): void {
    this.subscribers.delete(subscriber);
    streamMetrics.connections.set(this.subscribers.size);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.marksTimer);
    this.unwatchCandidates?.();
    for (const subscriber of this.subscribers) subscriber.close();
    this.subscribers.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.settings.indexDatabaseUrl,
      application_name: 'market-data stream',
      connectionTimeoutMillis: this.settings.storeTimeoutMs,
      statement_timeout: this.settings.storeTimeoutMs,
      query_timeout: this.settings.storeTimeoutMs + 100,
      keepAlive: true,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', () => this.read());
    await client.connect();
    try {
      const reader = new ChangeReader(async (sql, params) => (await client.query(sql, params)).rows);
      try {
        await client.query(`LISTEN ${STREAM_EVENTS_CHANNEL}`);
      } catch (error) {
        // A hot standby refuses LISTEN (and no NOTIFY reaches it): the poll alone bounds the delay there.
        this.logger.warn(`stream reader polls every ${this.settings.streamPollMs} ms without notifications: ${(error as Error).message}`);
      }
      // A replica that reconnects goes on from where it was: nothing committed meanwhile is lost (within the window).
      if (this.watermark === 0n) this.watermark = await reader.newestId();
      this.reader = reader;
      this.client = client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.pollTimer ??= setInterval(() => this.read(), this.settings.streamPollMs).unref();
    this.read();
  }

  /** The connection failed: the next poll connects again (subscribers stay; they get what was missed, within the window). */
  private lost(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.reader = undefined;
    if (!this.stopped) this.logger.warn(`stream reader lost its connection: ${error.message}`);
    client.end().catch(() => undefined);
  }

  private read(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    void this.readAll()
      .catch((error: Error) => {
        streamMetrics.readFailures.inc();
        this.logger.warn(`stream read failed: ${error.message}`);
        if (this.client) this.lost(this.client, error);
      })
      .finally(() => {
        this.reading = false;
        if (this.readAgain) {
          this.readAgain = false;
          this.read();
        }
      });
  }

  private async readAll(): Promise<void> {
    if (!this.client) {
      if (this.subscribers.size === 0) return;
      await this.ready();
    }
    for (;;) {
      const reader = this.reader;
      if (!reader) return;
      const rows = await reader.rowsAfter(this.watermark);
      const taken = this.inOrder(rows);
      if (taken.length > 0) {
        this.watermark = taken[taken.length - 1].id;
        this.publish(await reader.frames(taken));
      }
      if (rows.length < CHANGE_PAGE || taken.length < rows.length) return;
    }
  }

  /** The rows that follow the watermark without a hole, or past a hole older than STREAM_GAP_WAIT_MS. */
  private inOrder(rows: ChangeRow[]): ChangeRow[] {
    let expected = this.watermark + 1n;
    const taken: ChangeRow[] = [];
    for (const row of rows) {
      if (row.id !== expected) {
        const now = Date.now();
        this.holeSince ??= now;
        if (now - this.holeSince < this.settings.streamGapWaitMs) {
          // Look again when the wait is over, even if nothing else wakes the reader.
          setTimeout(() => this.read(), this.settings.streamGapWaitMs - (now - this.holeSince) + 1).unref();
          break;
        }
        streamMetrics.skippedHoles.inc();
      }
      this.holeSince = undefined;
      taken.push(row);
      expected = row.id + 1n;
    }
    return taken;
  }

  private publish(frames: StreamFrame[]): void {
    const now = Date.now();
    for (const item of frames) {
      if (item.channel === 'marks' && item.perpAddress !== null) {
        const last = this.lastMarkAt.get(item.perpAddress);
        if (last !== undefined && now - last < MARK_INTERVAL_MS) {
          this.waitingMarks.set(item.perpAddress, item);
          this.marksTimer ??= setTimeout(() => this.flushMarks(), MARK_INTERVAL_MS - (now - last)).unref();
          continue;
        }
        this.lastMarkAt.set(item.perpAddress, now);
        this.waitingMarks.delete(item.perpAddress);
      }
      this.fanOut(item);
    }
  }

  private flushMarks(): void {
    this.marksTimer = undefined;
    const now = Date.now();
    let next = Infinity;
    for (const [market, item] of this.waitingMarks) {
      const wait = MARK_INTERVAL_MS - (now - (this.lastMarkAt.get(market) ?? 0));
      if (wait > 0) {
        next = Math.min(next, wait);
        continue;
      }
      this.waitingMarks.delete(market);
      this.lastMarkAt.set(market, now);
      this.fanOut(item);
    }
    if (next !== Infinity) this.marksTimer = setTimeout(() => this.flushMarks(), next).unref();
  }

  private fanOut(item: StreamFrame): void {
    let delivered = 0;
    for (const subscriber of this.subscribers) {
      if (!subscriber.wants(item)) continue;
      subscriber.send(item.bytes);
      delivered++;
    }
    streamMetrics.events.inc({ channel: item.channel });
    streamMetrics.deliveries.inc({ channel: item.channel }, delivered);
  }

  private candidatesMoved(book: CandidateBook): void {
    const previous = this.lastBook;
    this.lastBook = book;
    // Without a book before (the refresh had not run yet), this one is the baseline: subscribers were told to read the route.
    if (!previous) return;
    const { entered, left } = candidateChanges(previous, book);
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const fields of entered) {
      this.fanOut(frame('candidates', fields.perp_address, 'candidate_enter', this.candidates.view(fields, nowSeconds)));
    }
    for (const gone of left) this.fanOut(frame('candidates', gone.perp_address, 'candidate_leave', withPerpAlias(gone)));
  }

  private heartbeat(): void {
    for (const subscriber of this.subscribers) subscriber.write(HEARTBEAT);
    if (this.subscribers.size === 0 && this.unwatchCandidates) {
      this.unwatchCandidates();
      this.unwatchCandidates = undefined;
      this.lastBook = undefined;
    }
  }
}
