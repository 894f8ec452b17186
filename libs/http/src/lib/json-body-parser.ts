import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseJsonWithBigIntegers } from './json-big-integers';
import { DEFAULT_JSON_LIMITS, JsonStructureLimits, findJsonLimitBreach } from './json-structure-limits';
import { locateJsonError } from './json-syntax-error';
import { MalformedJsonError } from './malformed-json.error';

const BOM = '\uFEFF';

// Keys that can poison prototypes once a parsed body is merged into another object;
// fastify's own parser rejects them too.
function findForbiddenKey(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return '__proto__';
    const ctor = (node as Record<string, unknown>)['constructor'];
    if (
      Object.prototype.hasOwnProperty.call(node, 'constructor') &&
      ctor !== null &&
      typeof ctor === 'object' &&
      Object.prototype.hasOwnProperty.call(ctor, 'prototype')
    ) {
      return 'constructor';
    }
    // One by one: spreading a huge array into push() overflows the call stack.
    for (const child of Object.values(node)) stack.push(child);
  }
  return undefined;
}

/**
 * Parses a JSON request body. An empty body is `undefined` (the validation pipe then says
 * whether one was required); malformed JSON throws MalformedJsonError with Python's
 * position and message. Integer literals beyond ±2^53 come out as exact BigInts
 * (BigIntField takes them; IntField and the other fields reject them with a 422).
 * A body deeper, or with a larger object or array, than `limits` is refused as malformed
 * (MalformedJsonError) after one linear pass over the text, before it is parsed.
 */
export function parseJsonBody(text: string, limits: JsonStructureLimits = DEFAULT_JSON_LIMITS): unknown {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  if (source === '') return undefined;
  const breach = findJsonLimitBreach(source, limits);
  if (breach) throw new MalformedJsonError(breach.position, breach.reason);
  let value: unknown;
  try {
    value = parseJsonWithBigIntegers(source);
  } catch (err) {
    const located = locateJsonError(source);
    if (located) throw new MalformedJsonError(located.position, located.message);
    throw new MalformedJsonError(0, (err as Error).message);
  }
  const forbidden = findForbiddenKey(value);
  if (forbidden) {
    throw new MalformedJsonError(Math.max(0, source.indexOf(forbidden)), `Object contains forbidden ${forbidden} property`);
  }
  return value;
}

/**
 * Replaces the application/json parser of a Nest Fastify app. Fastify's own parser drops
 * the JSON error's position (and rejects an empty body even on routes that take none);
 * this one keeps the position for the 422/400 and lets an empty body through.
 * Call it before `app.init()`/`listen()`. It takes over Nest's default body parsers, so
 * only JSON bodies are parsed (form bodies get 415).
 */
export function installJsonBodyParser(app: NestFastifyApplication, bodyLimit = app.getHttpAdapter().getInstance().initialConfig.bodyLimit): void {
  // The parser's limit applies where no route sets one (an unknown route's 404 reads the body too).
  app.useBodyParser('application/json', { bodyLimit }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
