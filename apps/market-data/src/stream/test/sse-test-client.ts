import { request, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { SseParser } from '@perp/market-data-client';

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One GET /stream as a test sees it: the status, headers, the parsed messages so far, the comments, and control of the socket. */
export interface OpenStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** A non-200's JSON body. */
  body?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  messages: SseMessage[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** The last event id the parser holds (what a client would send when reconnecting). */
  lastEventId(): string | undefined;
  /** Resolves with the first message after `from` (an index in messages) that matches, or rejects after `timeoutMs`. */
  next(match: (m: SseMessage) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<SseMessage>;
  ended: Promise<void>;
  response: IncomingMessage;
  close(): void;
}

export function openStream(port: number, options: { key?: string; query?: string; lastEventId?: string } = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    const req = request({ host: '127.0.0.1', port, path: `/stream${options.query ? `?${options.query}` : ''}`, headers }, (response) => {
      const messages: SseMessage[] = [];
      const waiters: Array<() => void> = [];
      let comments = 0;
      const parser = new SseParser(({ event, data, id }) => {
        messages.push({ event, id, data: JSON.parse(data) });
        for (const wake of waiters.splice(0)) wake();
      });
      let text = '';
      const ended = new Promise<void>((done) => {
        response.on('close', () => {
          for (const wake of waiters.splice(0)) wake();
          done();
        });
      });
      const stream: OpenStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        get comments() {
          return comments;
        },
        lastEventId: () => parser.lastEventId,
        ended,
        response,
        close: () => req.destroy(),
        next: (match, { from = 0, timeoutMs = 5_000 } = {}) =>
          new Promise((found, fail) => {
            const deadline = setTimeout(
              () => fail(new Error(`no matching stream message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.event))}`)),
              timeoutMs,
            );
            const look = () => {
              const hit = messages.slice(from).find(match);
              if (hit) {
                clearTimeout(deadline);
                found(hit);
              } else waiters.push(look);
            };
            look();
          }),
      };
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          stream.body = text ? JSON.parse(text) : undefined;
          resolve(stream);
        });
        return;
      }
      response.on('data', (chunk: string) => {
        comments += chunk.split('\n').filter((line) => line.startsWith(':')).length;
        parser.push(chunk);
        if (comments > 0) for (const wake of waiters.splice(0)) wake();
      });
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}
