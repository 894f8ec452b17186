/**
 * Finds where a JSON text stops being valid and says why in Python's words, so that a
 * malformed body gets FastAPI's `loc: ["body", <pos>]` and `ctx.error` (V8's own
 * messages often carry no position). Positions and messages follow CPython's C scanner.
 * Only called once JSON.parse has failed.
 */
export interface JsonSyntaxError {
  position: number;
  message: string;
}

class Fail {
  constructor(readonly error: JsonSyntaxError) {}
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const fail = (position: number, message: string): never => {
    throw new Fail({ position, message });
  };
  const skip = (): void => {
    while (i < text.length && WS.has(text[i])) i++;
  };

  const string = (): void => {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) fail(start, 'Unterminated string starting at');
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === undefined) fail(start, 'Unterminated string starting at');
        if (e === 'u') {
          if (!HEX4.test(text.slice(i + 2, i + 6))) fail(i + 1, 'Invalid \\uXXXX escape');
          i += 6;
        } else if (!ESCAPES.has(e)) {
          fail(i, 'Invalid \\escape');
        } else {
          i += 2;
        }
        continue;
      }
      if (c < ' ') fail(i, 'Invalid control character at');
      i++;
    }
  };

  const value = (): void => {
    const c = text[i];
    if (c === '"') return string();
    if (c === '{') return object();
    if (c === '[') return array();
    for (const word of ['null', 'true', 'false']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    if (c !== undefined && NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    fail(i, 'Expecting value');
  };

  const object = (): void => {
    i++;
    skip();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      if (text[i] !== '"') fail(i, 'Expecting property name enclosed in double quotes');
      string();
      skip();
      if (text[i] !== ':') fail(i, "Expecting ':' delimiter");
      i++;
      skip();
      value();
      skip();
      if (text[i] === '}') {
        i++;
        return;
      }
      if (text[i] !== ',') fail(i, "Expecting ',' delimiter");
      i++;
      skip();
    }
  };

  const array = (): void => {
    i++;
    skip();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      skip();
      if (text[i] === ']') {
        i++;
        return;
      }
      if (text[i] !== ',') fail(i, "Expecting ',' delimiter");
      i++;
      skip();
    }
  };

  try {
    skip();
    value();
    skip();
    if (i < text.length) fail(i, 'Extra data');
    return undefined;
  } catch (err) {
    if (err instanceof Fail) return err.error;
    throw err;
  }
}
