/** The channels a client picks with `?channels=`. */
export const STREAM_CHANNELS = ['candidates', 'marks', 'trades', 'index'] as const;
export type StreamChannel = (typeof STREAM_CHANNELS)[number];

/** The SSE event names, one per kind of message (stream/README.md lists their data). */
export type StreamEventName = 'hello' | 'reset' | 'trades' | 'marks' | 'index' | 'candidate_enter' | 'candidate_leave';

/** Why a reset tells the client to read the routes again. */
export type ResetReason = 'connected' | 'gap' | 'bulk_write';

/** The routes a client reads again after a reset of each channel. */
const RE_READ: Record<StreamChannel, string> = {
  candidates: '/positions/liquidatable',
  marks: '/markets/{perp_address}/live',
  trades: '/markets/{perp_address}/trades',
  index: '/markets',
};

/**
 * One event as it goes on the wire, serialised once and written to every subscriber as the same
 * bytes. `id` is the change table's id (shared by every replica); candidate events have none, so
 * a client's Last-Event-ID stays the last shared one.
 */
export interface StreamFrame {
  channel: StreamChannel;
  /** null: the event concerns no single market (index, a bulk write's reset). */
  perpAddress: string | null;
  bytes: Buffer;
  /** The change table id (decimal), when the event has one. */
  id?: string;
}

/** `event:` / `id:` / `data:` lines; the data is one line of JSON (JSON.stringify never writes a newline). */
export function sseText(event: StreamEventName, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function frame(channel: StreamChannel, perpAddress: string | null, event: StreamEventName, data: unknown, id?: string): StreamFrame {
  return { channel, perpAddress, id, bytes: Buffer.from(sseText(event, data, id)) };
}

/** A reset: the client missed events of `channels` (or never had them) and reads the routes again. */
export function resetData(channels: readonly StreamChannel[], reason: ResetReason): { channels: StreamChannel[]; reason: ResetReason; read: string[] } {
  return { channels: [...channels], reason, read: channels.map((channel) => RE_READ[channel]) };
}

/** Keeps proxies from closing an idle stream; ignored by SSE clients. */
export const HEARTBEAT = Buffer.from(': heartbeat\n\n');
