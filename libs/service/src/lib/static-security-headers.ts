// helmet itself, not @fastify/helmet (a plugin that rebuilds it per request, see below): its headers are computed once.
import helmet, { HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. They depend on the options alone, and
 * @fastify/helmet (no longer a dependency) rebuilds helmet, parsing the CSP again, in two hooks on every request:
 * about a tenth of a cached read's CPU.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}
