/**
 * Paths pino blanks out wherever a log line carries them (request headers, settings objects,
 * errors with a config): credentials must never reach a log store, even at debug level.
 * One level of wildcard covers `{ headers: { authorization } }` and `{ req: { headers } }` alike.
 */
export const REDACTED_LOG_PATHS = [
  'authorization',
  'cookie',
  '["x-api-key"]',
  '["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*["x-api-key"]',
  '*["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
  '*.headers["set-cookie"]',
  'privateKey',
  '*.privateKey',
  'walletPrivateKeys',
  '*.walletPrivateKeys',
  'signerPrivateKey',
  '*.signerPrivateKey',
  'accessTokens',
  '*.accessTokens',
  'adminApiKeys',
  '*.adminApiKeys',
  'password',
  '*.password',
  'rpcUrl',
  '*.rpcUrl',
  'databaseUrl',
  '*.databaseUrl',
];

export const REDACTED = '[redacted]';

/** `scheme://user:password@host` -> `scheme://***@host`: an RPC or database URL quoted in a message keeps no credential. */
export function maskUrlCredentials(text: string): string {
  return text.includes('@') ? text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@') : text;
}
