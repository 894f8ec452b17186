/** Any request whose headers Node has parsed (Fastify and Express alike). */
export interface RequestWithHeaders {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme in any case, as RFC 7235
 * says), or undefined when the header is absent, of another scheme, or empty.
 */
export function bearerToken(request: RequestWithHeaders): string | undefined {
  const header = request.headers['authorization'];
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(header);
  return match ? match[1] : undefined;
}

/** A single-valued request header, lower-case name; a repeated header counts as absent. */
export function headerValue(request: RequestWithHeaders, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
