import { Readable } from 'node:stream';
import type { StreamChannel, StreamFrame } from './stream-frames';

export interface SubscriberOptions {
  channels: ReadonlySet<StreamChannel>;
  /** Only this market's marks, trades and candidates (index events and resets concern every market). */
  perpAddress?: string;
  /** Bytes queued behind the socket beyond which the consumer is cut. */
  bufferBytes: number;
  /** Bytes the socket itself still holds (Node's writable buffer of the response). */
  socketBacklog: () => number;
  /** Called once when the subscriber is cut as too slow. */
  onCut: () => void;
}

/**
 * One client's stream: the body Fastify pipes to the socket. Frames are pushed as shared Buffers
 * (serialised once for every subscriber); the pipe stops reading when the socket pushes back, so
 * what waits here plus what the socket holds is the client's backlog. Past `bufferBytes` the
 * client is cut (the stream destroyed, the connection closed), never buffered without bound.
 * While a Last-Event-ID replay is being read, live frames wait in `held` (counted the same way).
 */
export class StreamSubscriber {
  readonly body: Readable;
  private held: Buffer[] | null = null;
  private heldBytes = 0;
  /** Live frames up to this id were (or will be) sent by the replay, or the client had them already. */
  private skipThrough = -1n;
  private closed = false;

  constructor(private readonly options: SubscriberOptions) {
    this.body = new Readable({ read: () => undefined });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A live frame this client has asked for and not had yet. */
  wants(frame: StreamFrame): boolean {
    return this.matches(frame) && (frame.id === undefined || BigInt(frame.id) > this.skipThrough);
  }

  /** The frame's channel and market are among those asked for. */
  matches(frame: StreamFrame): boolean {
    if (!this.options.channels.has(frame.channel)) return false;
    return this.options.perpAddress === undefined || frame.perpAddress === null || frame.perpAddress === this.options.perpAddress;
  }

  /** Live frames wait until `endReplay`; those with an id up to `throughId` are dropped (the replay has them). */
  beginReplay(throughId: bigint): void {
    this.skipThrough = throughId;
    this.held = [];
  }

  endReplay(): void {
    const held = this.held ?? [];
    this.held = null;
    this.heldBytes = 0;
    for (const bytes of held) this.write(bytes);
  }

  /** The client already has every event up to this id (its Last-Event-ID is ahead of this replica). */
  skipUpTo(id: bigint): void {
    if (id > this.skipThrough) this.skipThrough = id;
  }

  /** A live frame (held during a replay). */
  send(bytes: Buffer): void {
    if (this.closed) return;
    if (this.held) {
      this.heldBytes += bytes.length;
      if (this.heldBytes > this.options.bufferBytes) return this.cut();
      this.held.push(bytes);
      return;
    }
    this.write(bytes);
  }

  /** A frame of the replay or a control message: written now, ahead of held live frames. */
  write(bytes: Buffer): void {
    if (this.closed) return;
    if (this.backlog() + bytes.length > this.options.bufferBytes) return this.cut();
    this.body.push(bytes);
  }

  /** What waits for the socket: the body's queue, the response's own buffer and held live frames. */
  backlog(): number {
    return this.body.readableLength + this.options.socketBacklog() + this.heldBytes;
  }

  /** Resolves when the backlog is below half the buffer (a replay writes page by page at the client's pace). */
  async drained(): Promise<void> {
    while (!this.closed && this.body.readableLength + this.options.socketBacklog() > this.options.bufferBytes / 2) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.held = null;
    this.body.push(null);
  }

  private cut(): void {
    if (this.closed) return;
    this.closed = true;
    this.held = null;
    this.options.onCut();
    this.body.destroy();
  }
}
