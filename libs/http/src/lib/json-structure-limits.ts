/**
 * How much structure a request body may have. No DTO of either service comes near these;
 * they exist so that a hostile body is refused in one linear pass over its text, before
 * JSON.parse builds it and before anything recursive (class-transformer, structuredClone)
 * or quadratic (class-transformer's key de-duplication) ever sees it.
 */
export interface JsonStructureLimits {
  /** Nesting of objects and arrays. */
  maxDepth: number;
  /** Members of one object. */
  maxKeys: number;
  /** Elements of one array. */
  maxItems: number;
}

export const DEFAULT_JSON_LIMITS: JsonStructureLimits = { maxDepth: 32, maxKeys: 256, maxItems: 1000 };

export interface JsonLimitBreach {
  position: number;
  reason: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The first place where `text` breaks a limit, or undefined. One pass, strings skipped;
 * it does not check the syntax (JSON.parse does, after it), so on malformed text it may
 * count loosely, never unboundedly.
 */
export function findJsonLimitBreach(text: string, limits: JsonStructureLimits = DEFAULT_JSON_LIMITS): JsonLimitBreach | undefined {
  // Per open container: is it an object, and how many entries it has so far.
  const isObject: boolean[] = [];
  const entries: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === limits.maxDepth) return { position: i, reason: `Nesting deeper than ${limits.maxDepth} levels` };
      isObject[depth] = c === OPEN_OBJECT;
      // An entry starts at the first non-space character after the bracket, if it is not the closing one.
      let j = i + 1;
      while (j < text.length && isSpace(text.charCodeAt(j))) j++;
      const close = text.charCodeAt(j);
      entries[depth] = close === CLOSE_OBJECT || close === CLOSE_ARRAY ? 0 : 1;
      depth++;
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth--;
      continue;
    }
    if (c === COMMA && depth > 0) {
      const level = depth - 1;
      entries[level]++;
      if (isObject[level] && entries[level] > limits.maxKeys) return { position: i, reason: `Object with more than ${limits.maxKeys} members` };
      if (!isObject[level] && entries[level] > limits.maxItems) return { position: i, reason: `Array with more than ${limits.maxItems} elements` };
    }
  }
  return undefined;
}
