import fc from 'fast-check';

/**
 * Fuzzing a service over real HTTP from its own OpenAPI document: every operation, with its
 * path, query and body fields given hostile values (huge and non-finite numbers, NUL and
 * unpaired surrogates, long and non-ASCII text, wrong types, repeated parameters, deep or
 * malformed JSON, wrong content types) mixed with values that pass validation, so that
 * requests also reach the handlers and the database.
 */
export interface FuzzRequest {
  method: string;
  /** The path with its parameters already percent-encoded. */
  url: string;
  body?: string;
  contentType?: string;
  /** The operation as documented (`GET /markets/{perp_address}`), for the failure message. */
  operation: string;
}

/** Values that pass validation somewhere (an address, an existing ticker): mixed in to go deeper. */
export interface FuzzSeeds {
  strings: string[];
}

type Schema = Record<string, unknown>;
/** The parts of an OpenAPI 3 document the fuzzer reads. */
export type FuzzDocument = { paths: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } };

const HOSTILE_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '-0',
  '+5',
  ' 7 ',
  '1e400',
  '-1e400',
  '1e-400',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '115792089237316195423570985008687907853269984665640564039457584007913129639936',
  '9007199254740993',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '😀',
  'ﬀ',
  '%',
  '%00',
  '../..',
  "'; DROP TABLE markets; --",
  '\\',
  '"',
  'é'.repeat(200),
  '1'.repeat(400),
  '0x',
  '0x' + 'f'.repeat(40),
  '0X' + 'F'.repeat(40),
  '0x' + 'g'.repeat(40),
  '0x' + '0'.repeat(41),
  '0x' + 'ab'.repeat(256),
  '2024-02-30T25:00:00Z',
  '2024-01-01T00:00:00Z',
  '0001-01-01',
  '99999-01-01',
  '1700000000',
  '-99999999999999999',
];

/** Percent-encodes the UTF-8 bytes (an unpaired surrogate becomes U+FFFD, as any client sends it). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function textArbitrary(seeds: FuzzSeeds): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 100n), max: 2n ** 100n }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    ...(seeds.strings.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...seeds.strings) }] : []),
  );
}

/** A JSON text for a value: numbers may be literals no double holds exactly (kept as written). */
function jsonValueText(seeds: FuzzSeeds): fc.Arbitrary<string> {
  const literal = fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e400',
    '-1e400',
    '1e21',
    '9223372036854775808',
    '115792089237316195423570985008687907853269984665640564039457584007913129639936',
    '-115792089237316195423570985008687907853269984665640564039457584007913129639937',
    'true',
    'false',
    'null',
    '[]',
    '{}',
    '[1,2,3]',
    '{"a":{"b":{"c":1}}}',
    '"\\u0000"',
    '"\\ud800"',
    '"a\\udc00b"',
  );
  return fc.oneof(
    { weight: 3, arbitrary: textArbitrary(seeds).map((text) => JSON.stringify(text)) },
    { weight: 2, arbitrary: literal },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  );
}

function resolve(document: FuzzDocument, schema: Schema | undefined): Schema | undefined {
  const ref = schema?.['$ref'];
  if (typeof ref === 'string') return document.components?.schemas?.[ref.split('/').pop() ?? ''];
  return schema;
}

/** A body object with the schema's properties (and a stray one), each a fuzzed JSON value. */
function objectText(document: FuzzDocument, schema: Schema | undefined, seeds: FuzzSeeds, depth: number): fc.Arbitrary<string> {
  const properties = Object.entries((resolve(document, schema)?.['properties'] as Record<string, Schema> | undefined) ?? {});
  const member = (name: string, property: Schema): fc.Arbitrary<string> => {
    const resolved = resolve(document, property);
    const items = resolve(document, resolved?.['items'] as Schema | undefined);
    const value =
      depth < 2 && items?.['properties']
        ? fc.array(objectText(document, items, seeds, depth + 1), { maxLength: 3 }).map((list) => `[${list.join(',')}]`)
        : jsonValueText(seeds);
    return value.map((text) => `${JSON.stringify(name)}:${text}`);
  };
  const members = properties.map(([name, property]) => fc.option(member(name, property), { freq: 4, nil: undefined }));
  const stray = fc
    .option(fc.tuple(textArbitrary(seeds), jsonValueText(seeds)), { nil: undefined })
    .map((pair) => (pair ? `${JSON.stringify(pair[0])}:${pair[1]}` : undefined));
  return fc.tuple(fc.tuple(...members), stray).map(([parts, extra]) => `{${[...parts, extra].filter((p) => p !== undefined).join(',')}}`);
}

function bodyArbitrary(document: FuzzDocument, operation: Schema, seeds: FuzzSeeds): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const content = (resolve(document, operation['requestBody'] as Schema | undefined)?.['content'] ?? {}) as Record<string, Schema>;
  const schema = content['application/json']?.['schema'] as Schema | undefined;
  const json = (body: fc.Arbitrary<string>) => body.map((text) => ({ body: text, contentType: 'application/json' }));
  return fc.oneof(
    { weight: 6, arbitrary: json(objectText(document, schema, seeds, 0)) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: json(fc.json({ maxDepth: 4 })) },
    { weight: 1, arbitrary: json(fc.integer({ min: 1, max: 4000 }).map((n) => '['.repeat(n) + ']'.repeat(n))) },
    { weight: 1, arbitrary: json(fc.integer({ min: 1, max: 2000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n))) },
    { weight: 1, arbitrary: json(fc.string({ unit: 'binary', maxLength: 40 })) },
    { weight: 1, arbitrary: json(fc.integer({ min: 300, max: 900 }).map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`)) },
    {
      weight: 1,
      arbitrary: fc.record({
        body: fc.string({ maxLength: 40 }),
        contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
      }),
    },
  );
}

/** Every documented operation (but those `skip` names, e.g. `GET /docs`), with fuzzed parameters and body. */
export function fuzzRequestArbitrary(document: FuzzDocument, seeds: FuzzSeeds, skip: (operation: string) => boolean = () => false): fc.Arbitrary<FuzzRequest> {
  const text = textArbitrary(seeds);
  const operations: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (skip(name)) continue;
      const parameters = ((operation['parameters'] as Schema[] | undefined) ?? []).filter((p) => p['in'] === 'path' || p['in'] === 'query');
      const pathNames = parameters.filter((p) => p['in'] === 'path').map((p) => String(p['name']));
      const queryNames = parameters.filter((p) => p['in'] === 'query').map((p) => String(p['name']));
      const pathValues = fc.tuple(...pathNames.map(() => text));
      // Each query parameter absent, once, or repeated; plus an undocumented one now and then.
      const queryValues = fc.tuple(...queryNames.map(() => fc.array(text, { maxLength: 2 })));
      const strayQuery = fc.option(fc.tuple(text, text), { freq: 5, nil: undefined });
      const body = method === 'get' ? fc.constant({}) : bodyArbitrary(document, operation, seeds);
      operations.push(
        fc.tuple(pathValues, queryValues, strayQuery, body).map(([pv, qv, stray, b]) => {
          let url = path;
          pathNames.forEach((n, i) => (url = url.replace(`{${n}}`, percentEncode(pv[i]) || '%20')));
          const pairs: string[] = [];
          queryNames.forEach((n, i) => qv[i].forEach((v) => pairs.push(`${percentEncode(n)}=${percentEncode(v)}`)));
          if (stray) pairs.push(`${percentEncode(stray[0])}=${percentEncode(stray[1])}`);
          return { method: method.toUpperCase(), url: pairs.length > 0 ? `${url}?${pairs.join('&')}` : url, ...b, operation: name };
        }),
      );
    }
  }
  return fc.oneof(...operations);
}

export interface FuzzAnswer {
  status: number;
  text: string;
}

/**
 * Sends one fuzzed request with fetch (keep-alive) to a listening app. An event stream that was
 * opened (200 text/event-stream) never ends by itself: its first chunk is the answer, then it is closed.
 */
export async function sendFuzzRequest(baseUrl: string, request: FuzzRequest, headers: Record<string, string>): Promise<FuzzAnswer> {
  const res = await fetch(baseUrl + request.url, {
    method: request.method,
    headers: { ...headers, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
    body: request.body,
  });
  if (res.ok && res.body && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const reader = res.body.getReader();
    const first = await reader.read();
    await reader.cancel();
    return { status: res.status, text: new TextDecoder().decode(first.value) };
  }
  return { status: res.status, text: await res.text() };
}
