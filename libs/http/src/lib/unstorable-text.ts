// Postgres text cannot hold U+0000, and an unpaired UTF-16 surrogate has no UTF-8 form: either
// one reaching a query is a database error (a 500). Every field and path parameter is checked
// here instead, so such input is the client's 422 on every route.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string (or a list of strings, a repeated query parameter) Postgres cannot store as text. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some((item) => typeof item === 'string' && UNSTORABLE.test(item));
  return false;
}
