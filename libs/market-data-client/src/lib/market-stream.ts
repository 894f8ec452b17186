import type { components, operations } from '../generated/market-data-api';
import { MarketDataApiError } from './market-data-api-error';

type Schemas = components['schemas'];

export type StreamChannel = 'candidates' | 'marks' | 'trades' | 'index';

/** Every message of `GET /stream`, typed by its SSE event name. `id` is the change table's id (absent on hello, reset and candidate events). */
export type MarketStreamEvent =
  | { type: 'hello'; id?: string; data: { channels: StreamChannel[]; perp_address: string | null; last_event_id: string } }
  | { type: 'reset'; id?: string; data: { channels: StreamChannel[]; reason: 'connected' | 'gap' | 'bulk_write'; read: string[] } }
  | { type: 'trades'; id: string; data: Schemas['TradeDto'] }
  | { type: 'marks'; id: string; data: Schemas['LiveMarketDto'] }
  | { type: 'index'; id: string; data: { chain_id: number; block_number: number; block_hash: string; block_timestamp: number } }
  | { type: 'candidate_enter'; id?: string; data: Schemas['LiquidationCandidateDto'] }
  | { type: 'candidate_leave'; id?: string; data: { id: number; perp_address: string | null; perp: string | null } };

export type StreamQuery = NonNullable<operations['streamEvents']['parameters']['query']>;

const EVENT_TYPES = new Set<string>(['hello', 'reset', 'trades', 'marks', 'index', 'candidate_enter', 'candidate_leave']);

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML, server-sent events): feed it
 * decoded text as it arrives; it calls `onMessage` for each dispatched message (with the id that
 * message set, if any) and keeps the last event id (set by an `id:` line even without data, as the
 * standard says). Unknown event names and
 * comment lines are skipped; a line longer than `maxLine` is an error (a server gone wrong must not
 * make the client buffer without bound).
 */
export class SseParser {
  lastEventId: string | undefined;
  retryMs: number | undefined;
  private pending = '';
  private event = '';
  private data: string[] = [];
  /** The id set by the message being read (a message without one leaves it undefined; lastEventId keeps the last). */
  private messageId: string | undefined;

  constructor(
    private readonly onMessage: (message: { event: string; data: string; id: string | undefined }) => void,
    private readonly maxLine = 16 * 1024 * 1024,
  ) {}

  push(text: string): void {
    this.pending += text;
    let start = 0;
    for (;;) {
      const end = this.pending.indexOf('\n', start);
      if (end < 0) break;
      let line = this.pending.slice(start, end);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      start = end + 1;
      this.line(line);
    }
    this.pending = this.pending.slice(start);
    if (this.pending.length > this.maxLine) throw new Error(`event stream line longer than ${this.maxLine} characters`);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onMessage({ event: this.event || 'message', data: this.data.join('\n'), id: this.messageId });
      this.event = '';
      this.data = [];
      this.messageId = undefined;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = this.messageId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}

export interface SubscribeOptions {
  baseUrl: string;
  apiKey: string;
  channels?: StreamChannel[];
  perpAddress?: string;
  /** Resume after this event (e.g. persisted by the bot); later reconnects use the last id received. */
  lastEventId?: string;
  onEvent: (event: MarketStreamEvent) => void;
  /** A failure that ends the subscription (401, 403, 404, 422: retrying cannot help), or each failed attempt with `willRetry`. */
  onError?: (error: Error, willRetry: boolean) => void;
  /** Called on every (re)connection that answered 200. */
  onOpen?: () => void;
  /** Wait before reconnecting, unless the server sent `retry:` or `Retry-After`; doubled per failure up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  fetch?: typeof fetch;
}

export interface StreamSubscription {
  /** The last event id received (what the next reconnect sends as Last-Event-ID). */
  readonly lastEventId: string | undefined;
  /** Resolves when the subscription has ended (close(), or a failure that retrying cannot fix). */
  readonly done: Promise<void>;
  close(): void;
}

const FATAL = new Set([400, 401, 403, 404, 422]);

/**
 * Subscribes to `GET /stream` and keeps the subscription: on a dropped connection, an end of the
 * stream or a retryable error (429, 5xx, network) it reconnects with `Last-Event-ID`, so the events
 * missed in between come first (or a `reset` event says to read the routes again). Each message is
 * parsed into a typed `MarketStreamEvent`.
 */
export function subscribeMarketStream(options: SubscribeOptions): StreamSubscription {
  const fetcher = options.fetch ?? globalThis.fetch;
  const controller = new AbortController();
  let lastEventId = options.lastEventId;
  let serverRetryMs: number | undefined;
  const base = options.reconnectDelayMs ?? 1_000;
  const max = options.maxReconnectDelayMs ?? 30_000;

  const url = new URL('/stream', options.baseUrl.replace(/\/+$/, '') + '/');
  if (options.channels) url.searchParams.set('channels', options.channels.join(','));
  if (options.perpAddress) url.searchParams.set('perp_address', options.perpAddress);

  const once = async (): Promise<{ retryAfterMs?: number; fatal?: Error; opened: boolean }> => {
    const headers: Record<string, string> = { 'X-API-Key': options.apiKey, Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const response = await fetcher(url, { headers, signal: controller.signal });
    if (!response.ok || !response.body) {
      const body = await response.json().catch(() => undefined);
      const error = MarketDataApiError.from(response, body);
      if (FATAL.has(response.status)) return { fatal: error, opened: false };
      options.onError?.(error, true);
      return { retryAfterMs: error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000, opened: false };
    }
    options.onOpen?.();
    const parser = new SseParser(({ event, data, id }) => {
      if (!EVENT_TYPES.has(event)) return;
      options.onEvent({ type: event, id, data: JSON.parse(data) } as MarketStreamEvent);
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId ?? lastEventId;
        serverRetryMs = parser.retryMs ?? serverRetryMs;
      }
    } finally {
      lastEventId = parser.lastEventId ?? lastEventId;
      reader.releaseLock();
    }
    return { opened: true };
  };

  const done = (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      let wait: number | undefined;
      try {
        const outcome = await once();
        if (outcome.fatal) {
          options.onError?.(outcome.fatal, false);
          return;
        }
        failures = outcome.opened ? 0 : failures + 1;
        wait = outcome.retryAfterMs;
      } catch (error) {
        if (controller.signal.aborted) return;
        failures++;
        options.onError?.(error as Error, true);
      }
      const delay = wait ?? Math.min(max, (serverRetryMs ?? base) * 2 ** Math.max(0, failures - 1));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        controller.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  })();

  return {
    get lastEventId() {
      return lastEventId;
    },
    done,
    close: () => controller.abort(),
  };
}
