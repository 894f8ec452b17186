import { AbiCoder, EventFragment, getAddress, hexlify, Interface, type ParamType } from 'ethers';
import fc from 'fast-check';
import { decodeBeaconLog, decodePerpFactoryLog, decodePerpLog, decodePoolManagerLog, perpEventTopics, POOL_MANAGER_EVENT_TOPICS } from './events';
import { BEACON_EVENTS, PERP_EVENTS, PERP_FACTORY_EVENTS, POOL_MANAGER_EVENTS, type FragmentSpec } from './fragments';
import { PerpCityLogDecodeError, type RawLog } from './log';

/** An arbitrary for one ABI value: `encoded` goes to ethers, `decoded` is what we must return. */
function arbitraryFor(param: ParamType): fc.Arbitrary<{ encoded: unknown; decoded: unknown }> {
  const same = <T>(arb: fc.Arbitrary<T>) => arb.map((value) => ({ encoded: value, decoded: value }));
  if (param.isTuple()) {
    return fc.tuple(...param.components.map(arbitraryFor)).map((parts) => ({
      encoded: parts.map((part) => part.encoded),
      decoded: Object.fromEntries(parts.map((part, i) => [param.components[i].name, part.decoded])),
    }));
  }
  const match = /^(u?)int(\d+)$/.exec(param.type);
  if (match) {
    const bits = BigInt(match[2]);
    return same(match[1] ? fc.bigInt(0n, (1n << bits) - 1n) : fc.bigInt(-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n));
  }
  if (param.type === 'address') {
    // Checksummed in, lowercase out.
    return fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => ({ encoded: getAddress(hexlify(bytes)), decoded: hexlify(bytes) }));
  }
  if (param.type === 'bool') return same(fc.boolean());
  if (param.type === 'string') return same(fc.string({ unit: 'grapheme', maxLength: 40 }));
  const fixed = /^bytes(\d+)$/.exec(param.type);
  if (fixed) return same(fc.uint8Array({ minLength: Number(fixed[1]), maxLength: Number(fixed[1]) }).map((bytes) => hexlify(bytes)));
  if (param.type === 'bytes') return same(fc.uint8Array({ maxLength: 100 }).map((bytes) => hexlify(bytes)));
  throw new Error(`no arbitrary for ${param.type}`);
}

const LOG_META = {
  address: '0x137E00487dC079dAd69Ba149994320a8FF4C5b17',
  blockNumber: '0x1cfb0b2f',
  blockHash: '0x' + 'AB'.repeat(32),
  transactionHash: '0x' + 'Cd'.repeat(32),
  logIndex: '0x6',
};

function encodeLog(spec: FragmentSpec, values: unknown[]): RawLog {
  const fragment = EventFragment.from(spec.signature);
  const { data, topics } = new Interface([fragment]).encodeEventLog(fragment, values);
  return { ...LOG_META, data, topics };
}

const CONTRACTS = [
  ['Perp', PERP_EVENTS, (log: RawLog) => decodePerpLog(log)],
  ['PerpFactory', PERP_FACTORY_EVENTS, (log: RawLog) => decodePerpFactoryLog(log)],
  ['Beacon', BEACON_EVENTS, (log: RawLog) => decodeBeaconLog(log)],
  ['PoolManager', POOL_MANAGER_EVENTS, (log: RawLog) => decodePoolManagerLog(log)],
] as const;

const CASES = CONTRACTS.flatMap(([contract, specs, decode]) =>
  specs.map((spec) => [`${contract}.${EventFragment.from(spec.signature).format('sighash')} [${spec.build}]`, contract, spec, decode] as const),
);

describe('round trip: encode with the Interface, decode, equal', () => {
  it.each(CASES)('%s', (_label, contract, spec, decode) => {
    const fragment = EventFragment.from(spec.signature);
    const args = fc.tuple(...fragment.inputs.map(arbitraryFor));
    fc.assert(
      fc.property(args, (parts) => {
        const log = encodeLog(
          spec,
          parts.map((part) => part.encoded),
        );
        const event = decode(log);
        expect(event).toEqual({
          contract,
          name: fragment.name,
          build: spec.build,
          topic: fragment.topicHash,
          log: {
            address: LOG_META.address.toLowerCase(),
            blockNumber: 486_214_447n,
            blockHash: LOG_META.blockHash.toLowerCase(),
            transactionHash: LOG_META.transactionHash.toLowerCase(),
            logIndex: 6,
          },
          args: Object.fromEntries(parts.map((part, i) => [fragment.inputs[i].name, part.decoded])),
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe('refusals', () => {
  const takerOpened = PERP_EVENTS.find((spec) => spec.signature.startsWith('event TakerOpened'));
  const transfer = PERP_EVENTS.find((spec) => spec.signature.startsWith('event Transfer'));
  const perpCreated = PERP_FACTORY_EVENTS[0];
  if (!takerOpened || !transfer) throw new Error('fragments missing');
  const sr = [-5n, 1n << 96n, 7n, 1n, 2n, 3n, 1n];
  const good = encodeLog(takerOpened, [9n, sr]);

  it('a log with no topics is Unknown(no-topic)', () => {
    expect(decodePerpLog({ ...good, topics: [] })).toMatchObject({ name: 'Unknown', reason: 'no-topic', topic: null });
  });

  it('a topic that is none of ours is Unknown(unknown-topic), with the topic', () => {
    const topic = '0x' + 'ff'.repeat(32);
    expect(decodePerpLog({ ...good, topics: [topic] })).toEqual({
      contract: 'Perp',
      name: 'Unknown',
      reason: 'unknown-topic',
      topic,
      log: expect.objectContaining({ address: LOG_META.address.toLowerCase() }),
    });
  });

  it('an ERC-20 Transfer (3 topics) is Unknown(foreign-shape); the position NFT Transfer (4) decodes', () => {
    const coder = AbiCoder.defaultAbiCoder();
    const from = '0x' + '00'.repeat(12) + '11'.repeat(20);
    const to = '0x' + '00'.repeat(12) + '22'.repeat(20);
    const topic = EventFragment.from(transfer.signature).topicHash;
    expect(decodePerpLog({ ...good, topics: [topic, from, to], data: coder.encode(['uint256'], [1_000_000n]) })).toMatchObject({ reason: 'foreign-shape' });
    const nft = decodePerpLog({ ...good, topics: [topic, from, to, coder.encode(['uint256'], [77n])], data: '0x' });
    expect(nft).toMatchObject({ name: 'Transfer', args: { from: '0x' + '11'.repeat(20), to: '0x' + '22'.repeat(20), id: 77n } });
  });

  it('our topic with a wrong topic count throws PerpCityLogDecodeError(topic-count)', () => {
    const withExtraTopic = { ...good, topics: [...good.topics, '0x' + '00'.repeat(32)] };
    expect(() => decodePerpLog(withExtraTopic)).toThrow(PerpCityLogDecodeError);
    expect(() => decodePerpLog(withExtraTopic)).toThrow(/Perp\.TakerOpened: topic-count/);
  });

  it.each([
    ['one byte short', (data: string) => data.slice(0, -2)],
    ['one word long', (data: string) => data + '00'.repeat(32)],
    ['empty', () => '0x'],
  ])('a fixed-size event whose data is %s throws (data-length)', (_label, mutate) => {
    try {
      decodePerpLog({ ...good, data: mutate(good.data) });
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(PerpCityLogDecodeError);
      expect(error).toMatchObject({ name: 'PerpCityLogDecodeError', contract: 'Perp', failure: 'data-length', event: 'TakerOpened' });
    }
  });

  it('a dynamic event whose offsets point outside the data throws (abi)', () => {
    const log = encodeLog(perpCreated, [
      '0x' + '01'.repeat(20),
      '0x' + '02'.repeat(32),
      Array(6).fill('0x' + '03'.repeat(20)),
      1n << 96n,
      900n,
      0n,
      1n << 96n,
      0n,
      '0x' + '04'.repeat(20),
      'name',
      'SYM',
      '',
    ]);
    const words = log.data.slice(2).match(/.{64}/g) ?? [];
    words[15] = 10_000n.toString(16).padStart(64, '0'); // `name` offset far past the end
    expect(() => decodePerpFactoryLog({ ...log, data: '0x' + words.join('') })).toThrow(expect.objectContaining({ failure: 'abi', event: 'PerpCreated' }));
  });

  it.each([
    ['address', { address: '0x1234' }],
    ['topic', { topics: ['0x1234'] }],
    ['data (odd length)', { data: '0x123' }],
    ['data (not hex)', { data: '0xzz' }],
    ['blockNumber', { blockNumber: '12abc' }],
    ['logIndex', { logIndex: -1 }],
    ['five topics', { topics: Array(5).fill('0x' + '00'.repeat(32)) }],
  ])('a malformed %s throws (malformed-log)', (_label, patch) => {
    expect(() => decodePerpLog({ ...good, ...patch } as RawLog)).toThrow(expect.objectContaining({ failure: 'malformed-log' }));
  });

  it('a pending log (no block fields) decodes with null metadata', () => {
    const event = decodePerpLog({ address: good.address, topics: good.topics, data: good.data });
    expect(event.log).toEqual({ address: LOG_META.address.toLowerCase(), blockNumber: null, blockHash: null, transactionHash: null, logIndex: null });
  });
});

describe('linear decoding', () => {
  it('a hostile PerpCreated whose three strings all point at one 256 KiB string is read once each, fast', () => {
    const spec = PERP_FACTORY_EVENTS[0];
    const big = 'x'.repeat(256 * 1024);
    const log = encodeLog(spec, [
      '0x' + '01'.repeat(20),
      '0x' + '02'.repeat(32),
      Array(6).fill('0x' + '03'.repeat(20)),
      1n,
      1n,
      0n,
      1n,
      0n,
      '0x' + '04'.repeat(20),
      big,
      '',
      '',
    ]);
    const words = log.data.slice(2).match(/.{64}/g) ?? [];
    words[15] = words[14]; // symbol -> name's string (head: 14 name, 15 symbol, 16 tokenUri)
    words[16] = words[14]; // tokenUri -> name's string
    const started = process.hrtime.bigint();
    const event = decodePerpFactoryLog({ ...log, data: '0x' + words.join('') });
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(event).toMatchObject({ name: 'PerpCreated', args: { name: big, symbol: big, tokenUri: big } });
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it('an oversized fixed-size log is refused before any ABI decoding', () => {
    const topic = perpEventTopics()[0];
    expect(() => decodePerpLog({ ...LOG_META, topics: [topic], data: '0x' + '00'.repeat(1 << 20) })).toThrow(
      expect.objectContaining({ failure: 'data-length' }),
    );
  });
});

describe('topic lists for eth_getLogs filters', () => {
  it('per build: shared topics in both, build-only shapes in one', () => {
    const v010 = new Set(perpEventTopics('v0.1.0'));
    const v022 = new Set(perpEventTopics('v0.2.2-upgradeable'));
    const takerClosedV010 = '0xc6d1565765c65beb63cd0a76e37c058e0908e6e24a609d0dc1a724106ae0576e';
    const takerClosedV022 = '0x208f950e4dba30512aa9e643b25c9df8bdb616ee90bbff00f669a5d1d3d452f3';
    expect(v010.has(takerClosedV010) && !v022.has(takerClosedV010)).toBe(true);
    expect(v022.has(takerClosedV022) && !v010.has(takerClosedV022)).toBe(true);
    expect(perpEventTopics()).toHaveLength(PERP_EVENTS.length);
    expect(POOL_MANAGER_EVENT_TOPICS).toHaveLength(3);
  });
});
