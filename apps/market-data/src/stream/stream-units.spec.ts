import { SseParser } from '@perp/market-data-client';
import { CandidateBook } from '../positions/candidate-book';
import type { CandidateFields } from '../positions/position-views';
import { candidateChanges } from './candidate-changes';
import { frame, sseText } from './stream-frames';
import { StreamSubscriber } from './stream-subscriber';

const candidate = (perp: string, id: number): CandidateFields => ({ id, perp_address: perp, perp: perp }) as unknown as CandidateFields;
const book = (candidates: CandidateFields[]) =>
  new CandidateBook({ version: 1, candidates, orders: { most_underwater: new Uint32Array(), largest_reward: new Uint32Array() } });

describe('candidateChanges', () => {
  it('lists the positions that entered and left, keyed by market and id (ids repeat across markets)', () => {
    const a = '0x' + 'a'.repeat(40);
    const b = '0x' + 'b'.repeat(40);
    const changes = candidateChanges(book([candidate(a, 1), candidate(a, 2), candidate(b, 1)]), book([candidate(a, 2), candidate(b, 1), candidate(b, 2)]));
    expect(changes.entered.map((c) => [c.perp_address, c.id])).toEqual([[b, 2]]);
    expect(changes.left).toEqual([{ id: 1, perp_address: a }]);
  });
});

describe('SseParser', () => {
  it('parses what the service writes, split anywhere, and keeps the last id (an id-only message too)', () => {
    const text = `retry: 2000\n\n${sseText('hello', { a: 1 }, '7')}: heartbeat\n\n${sseText('candidate_enter', { id: 3 })}id: 9\n\n${sseText('trades', { id: 5 }, '10')}`;
    for (const step of [1, 3, 7, text.length]) {
      const got: Array<{ event: string; data: string; id: string | undefined }> = [];
      const parser = new SseParser((m) => got.push(m));
      const ids: Array<string | undefined> = [];
      for (let i = 0; i < text.length; i += step) {
        parser.push(text.slice(i, i + step));
        ids.push(parser.lastEventId);
      }
      expect(got).toEqual([
        { event: 'hello', data: '{"a":1}', id: '7' },
        { event: 'candidate_enter', data: '{"id":3}', id: undefined },
        { event: 'trades', data: '{"id":5}', id: '10' },
      ]);
      if (step < text.length) expect(ids).toContain('9');
      expect(parser.retryMs).toBe(2000);
    }
    const upToIdOnly = new SseParser(() => undefined);
    upToIdOnly.push(text.slice(0, text.indexOf('id: 9\n\n') + 7));
    expect(upToIdOnly.lastEventId).toBe('9');
  });

  it('refuses a line longer than its bound instead of buffering it', () => {
    const parser = new SseParser(() => undefined, 100);
    expect(() => parser.push('data: ' + 'x'.repeat(200))).toThrow(/longer than 100/);
  });
});

describe('StreamSubscriber', () => {
  const make = (bufferBytes: number, socket = 0) => {
    const cut = jest.fn();
    const s = new StreamSubscriber({ channels: new Set(['trades', 'marks']), perpAddress: '0xaa', bufferBytes, socketBacklog: () => socket, onCut: cut });
    return { s, cut };
  };

  it('wants its channels and market, and events of no market', () => {
    const { s } = make(1000);
    expect(s.wants(frame('trades', '0xaa', 'trades', {}, '1'))).toBe(true);
    expect(s.wants(frame('trades', '0xbb', 'trades', {}, '1'))).toBe(false);
    expect(s.wants(frame('index', null, 'index', {}, '1'))).toBe(false);
    expect(s.wants(frame('trades', null, 'reset', {}, '1'))).toBe(true);
  });

  it('is cut, not buffered, once its backlog would pass the buffer', () => {
    const { s, cut } = make(100, 60);
    s.write(Buffer.alloc(30));
    expect(cut).not.toHaveBeenCalled();
    s.write(Buffer.alloc(20));
    expect(cut).toHaveBeenCalledTimes(1);
    expect(s.isClosed).toBe(true);
    s.write(Buffer.alloc(1));
    expect(cut).toHaveBeenCalledTimes(1);
  });

  it('holds live frames during a replay, drops those the replay covers, and cuts when the held ones pass the buffer', () => {
    const { s, cut } = make(100);
    s.beginReplay(5n);
    expect(s.wants(frame('trades', '0xaa', 'trades', {}, '5'))).toBe(false);
    expect(s.wants(frame('trades', '0xaa', 'trades', {}, '6'))).toBe(true);
    s.send(Buffer.alloc(60));
    expect(s.body.readableLength).toBe(0);
    s.endReplay();
    expect(s.body.readableLength).toBe(60);
    s.beginReplay(6n);
    s.send(Buffer.alloc(101));
    expect(cut).toHaveBeenCalled();
  });
});
