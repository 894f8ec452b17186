import { Inject, Injectable } from '@nestjs/common';
import { StoreUnavailableError } from '@perp/store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyPrincipal } from '../auth';
import { marketNotFound } from '../common/not-found';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { Stores } from '../stores/stores.module';
import { CHANGE_PAGE, ChangeReader } from './change-reader';
import { StreamConnectionLimits } from './stream-connection-limits';
import { frame, resetData, ResetReason, sseText, StreamChannel, StreamFrame } from './stream-frames';
import { StreamHub } from './stream-hub';
import { streamMetrics } from './stream-metrics';
import { parseChannels, StreamQuery } from './stream-query.dto';
import { StreamSubscriber } from './stream-subscriber';

/** Channels whose events carry the change table's ids (replayable); candidates are this replica's own diffs. */
const SHARED: readonly StreamChannel[] = ['marks', 'trades', 'index'];
/** A Last-Event-ID this service could have sent: a bigserial id. */
const EVENT_ID = /^\d{1,19}$/;
/** A reconnecting client is told to come back after this long (the SSE `retry` field). */
const RETRY_MS = 2_000;

/**
 * Opens a stream: checks the market and the key's allowance, subscribes the client to the hub,
 * greets it (`hello`, a `reset` for channels it must read first), replays what it missed after
 * its Last-Event-ID when that is still in the window, then goes live.
 */
@Injectable()
export class StreamService {
  private readonly replays: ChangeReader;

  constructor(
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
    private readonly stores: Stores,
    private readonly hub: StreamHub,
    private readonly limits: StreamConnectionLimits,
  ) {
    // Replays read through the request pool: the hub's own connection stays on the live reads.
    this.replays = new ChangeReader((sql, params) => this.stores.index.run((source) => source.query(sql, params)));
  }

  async open(query: StreamQuery, principal: ApiKeyPrincipal, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const channels = parseChannels(query.channels);
    if (query.perp_address !== undefined) {
      const found = await this.stores.index.run((source) => source.query('SELECT 1 FROM markets WHERE perp_address = $1', [query.perp_address]));
      if ((found as unknown[]).length === 0) throw marketNotFound();
    }
    const release = this.limits.acquire(principal);
    try {
      await this.hub.ready();
    } catch (error) {
      release();
      throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(this.stores.index.label, error as Error);
    }

    const subscriber = new StreamSubscriber({
      channels,
      perpAddress: query.perp_address,
      bufferBytes: this.settings.streamBufferBytes,
      socketBacklog: () => reply.raw.writableLength,
      onCut: () => {
        streamMetrics.cut.inc();
        reply.raw.destroy();
      },
    });
    const closed = () => {
      subscriber.close();
      this.hub.remove(subscriber);
      release();
    };
    reply.raw.once('close', closed);

    const lastEventId = headerText(request.headers['last-event-id']);
    const shared = SHARED.filter((channel) => channels.has(channel));
    const from = this.hub.lastId;
    // The stream's headers go out with the first bytes; the security headers and no-store come from the app's onSend hook.
    // connection: close: a stream ends only when the service stops (or cuts it); its socket is never kept for another request,
    // so a shutdown does not wait out a keep-alive timeout on the connections of ended streams.
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .header('connection', 'close');
    void reply.send(subscriber.body);
    subscriber.write(Buffer.from(`retry: ${RETRY_MS}\n\n`));

    const resume = lastEventId !== undefined && EVENT_ID.test(lastEventId) && shared.length > 0 ? BigInt(lastEventId) : undefined;
    // With a replay to come, hello carries no id: a client cut during the replay must resume from the last event it got.
    subscriber.write(
      Buffer.from(
        sseText(
          'hello',
          { channels: [...channels], perp_address: query.perp_address ?? null, last_event_id: from.toString() },
          resume !== undefined && resume < from ? undefined : from.toString(),
        ),
      ),
    );
    if (channels.has('candidates')) this.reset(subscriber, ['candidates'], 'connected');
    if (lastEventId !== undefined && resume === undefined && shared.length > 0) this.reset(subscriber, shared, 'gap');
    this.hub.add(subscriber, channels.has('candidates'));
    if (resume === undefined) return;
    if (resume >= from) {
      // Another replica (or this one before a restart) got further: what is read later up to it, the client has.
      subscriber.skipUpTo(resume);
      return;
    }
    subscriber.beginReplay(from);
    try {
      await this.replay(subscriber, shared, resume, from);
    } catch {
      // The store failed during the replay: the client reconnects and tries again from what it got.
      reply.raw.destroy();
      return;
    }
    subscriber.endReplay();
  }

  /** Writes the events after `after` up to `until` (marks coalesced to each market's latest), or a reset when they left the window. */
  private async replay(subscriber: StreamSubscriber, shared: StreamChannel[], after: bigint, until: bigint): Promise<void> {
    const inWindow = async () => {
      const oldest = await this.replays.oldestId();
      return oldest !== null && oldest <= after + 1n;
    };
    if (!(await inWindow())) return this.reset(subscriber, shared, 'gap');
    const marks = new Map<string, StreamFrame>();
    let cursor = after;
    let first = true;
    for (;;) {
      const rows = await this.replays.rowsAfter(cursor, CHANGE_PAGE, until);
      // Rows may have been pruned between the check and the read.
      if (first && !(await inWindow())) return this.reset(subscriber, shared, 'gap');
      first = false;
      if (rows.length === 0) break;
      cursor = rows[rows.length - 1].id;
      for (const item of await this.replays.frames(rows)) {
        if (!subscriber.matches(item)) continue;
        if (item.channel === 'marks' && item.perpAddress !== null) marks.set(item.perpAddress, item);
        else subscriber.write(item.bytes);
      }
      if (subscriber.isClosed || rows.length < CHANGE_PAGE) break;
      await subscriber.drained();
    }
    for (const item of marks.values()) subscriber.write(item.bytes);
    // The coalesced marks went last: an id-only message sets the client's Last-Event-ID to the end of the replay.
    if (!subscriber.isClosed) subscriber.write(Buffer.from(`id: ${until}\n\n`));
  }

  private reset(subscriber: StreamSubscriber, channels: readonly StreamChannel[], reason: ResetReason): void {
    streamMetrics.resets.inc({ reason });
    subscriber.write(frame(channels[0], null, 'reset', resetData(channels, reason)).bytes);
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  return text === undefined ? undefined : text.trim();
}
