import { EventFragment, Interface, type ParamType, type Result } from 'ethers';
import { inBuild, type BuildTag, type PerpBuild } from './builds';
import type { FragmentSpec } from './fragments';
import { PerpCityLogDecodeError, readLogMeta, type AbiContract, type LogMeta, type RawLog, type UnknownLog } from './log';

/** A decoded log: which event, which build has that shape, its fields and where it came from. */
export interface DecodedLog<C extends AbiContract, N extends string, B extends BuildTag, A> {
  readonly contract: C;
  readonly name: N;
  /** The build(s) whose fragment matched: `both`, or the one build that emits this shape. */
  readonly build: B;
  /** topic0, lowercase. */
  readonly topic: string;
  readonly log: LogMeta;
  readonly args: A;
}

export interface DecodeOptions {
  /**
   * The build the emitting contract runs, when known: a log whose shape belongs only to the
   * other build is then refused as `other-build` instead of decoded.
   */
  readonly build?: PerpBuild;
}

/** Topics shared with another standard's event of a different arity (ERC-20 vs ERC-721). */
const SHARED_WITH_ERC20 = new Set(['Transfer', 'Approval']);

interface CompiledEvent {
  readonly spec: FragmentSpec;
  readonly fragment: EventFragment;
  readonly iface: Interface;
  readonly topic: string;
  readonly topicCount: number;
  /** The exact data size of an event with no dynamic non-indexed field, else null. */
  readonly fixedDataBytes: number | null;
}

/** Byte size of a static ABI type's encoding, or null when dynamic. */
function staticSize(param: ParamType): number | null {
  if (param.isTuple()) {
    let total = 0;
    for (const component of param.components) {
      const size = staticSize(component);
      if (size === null) return null;
      total += size;
    }
    return total;
  }
  if (param.isArray()) {
    if (param.arrayLength < 0) return null;
    const size = staticSize(param.arrayChildren);
    return size === null ? null : size * param.arrayLength;
  }
  return param.type === 'string' || param.type === 'bytes' ? null : 32;
}

/** The event fragments of one contract, keyed by topic0. Built once per contract. */
export class EventTable<C extends AbiContract> {
  private readonly byTopic = new Map<string, CompiledEvent>();

  constructor(
    readonly contract: C,
    specs: readonly FragmentSpec[],
  ) {
    for (const spec of specs) {
      const fragment = EventFragment.from(spec.signature);
      const topic = fragment.topicHash.toLowerCase();
      if (this.byTopic.has(topic)) throw new Error(`${contract}: two fragments share topic ${topic} (${fragment.format('sighash')})`);
      let fixed: number | null = 0;
      for (const input of fragment.inputs) {
        if (input.indexed) continue;
        const size = staticSize(input);
        fixed = size === null || fixed === null ? null : fixed + size;
      }
      this.byTopic.set(topic, {
        spec,
        fragment,
        iface: new Interface([fragment]),
        topic,
        topicCount: 1 + fragment.inputs.filter((input) => input.indexed).length,
        fixedDataBytes: fixed,
      });
    }
  }

  /** topic0 of every event, optionally only those a given build emits. */
  topics(build?: PerpBuild): string[] {
    return [...this.byTopic.values()].filter((event) => build === undefined || inBuild(event.spec.build, build)).map((event) => event.topic);
  }

  /**
   * Decodes one log: a map lookup on topic0, then one ABI decode of the data. Work is linear in
   * the log's size: the shape checks are single passes, a fixed-size event is decoded only when
   * its data is exactly that size, and the only dynamic fields (PerpCreated's three strings, the
   * timelock's `bytes`) are each copied once.
   */
  decode(raw: RawLog, options: DecodeOptions = {}): DecodedLog<C, string, BuildTag, Record<string, unknown>> | UnknownLog<C> {
    const log = readLogMeta(this.contract, raw);
    const topic0 = raw.topics[0]?.toLowerCase();
    const unknown = (reason: UnknownLog['reason']): UnknownLog<C> => ({ contract: this.contract, name: 'Unknown', reason, topic: topic0 ?? null, log });
    if (topic0 === undefined) return unknown('no-topic');
    const event = this.byTopic.get(topic0);
    if (!event) return unknown('unknown-topic');
    if (options.build !== undefined && !inBuild(event.spec.build, options.build)) return unknown('other-build');
    const name = event.fragment.name;
    const fail = (failure: 'topic-count' | 'data-length' | 'abi', detail: string): never => {
      throw new PerpCityLogDecodeError(this.contract, failure, name, detail, raw);
    };
    if (raw.topics.length !== event.topicCount) {
      if (SHARED_WITH_ERC20.has(name) && raw.topics.length === 3) return unknown('foreign-shape');
      fail('topic-count', `expected ${event.topicCount} topics, got ${raw.topics.length}`);
    }
    const dataBytes = (raw.data.length - 2) / 2;
    if (event.fixedDataBytes !== null && dataBytes !== event.fixedDataBytes)
      fail('data-length', `expected ${event.fixedDataBytes} data bytes, got ${dataBytes}`);
    let values: Result;
    try {
      values = event.iface.decodeEventLog(event.fragment, raw.data, raw.topics);
    } catch (error) {
      // ethers' own message quotes the whole buffer; keep the short one, bounded.
      const short = (error as { shortMessage?: unknown }).shortMessage;
      return fail('abi', (typeof short === 'string' ? short : String(error)).slice(0, 200));
    }
    return { contract: this.contract, name, build: event.spec.build, topic: topic0, log, args: toPlain(values, event.fragment.inputs) };
  }
}

/** ethers' Result to a plain object: bigint integers, lowercase addresses and hex, nested tuples. */
function toPlain(values: Result | readonly unknown[], params: readonly ParamType[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  params.forEach((param, i) => {
    out[param.name] = plainValue(values[i], param);
  });
  return out;
}

function plainValue(value: unknown, param: ParamType): unknown {
  if (param.isTuple()) return toPlain(value as Result, param.components);
  if (param.isArray()) return (value as Result).map((item) => plainValue(item, param.arrayChildren));
  if (param.type === 'address' || param.type.startsWith('bytes')) return (value as string).toLowerCase();
  return value; // bigint (every int/uint width), boolean or string
}
