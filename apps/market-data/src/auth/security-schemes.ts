/** The spec's security scheme names, registered in service-description.ts and used by the route decorators. */
export const SECURITY_SCHEMES = {
  apiKey: 'APIKeyHeader',
  bearer: 'HTTPBearer',
} as const;

/** The header carrying an API key. */
export const API_KEY_HEADER = 'X-API-Key';
