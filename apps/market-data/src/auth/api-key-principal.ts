/** Who an API key guard let in: an admin key from ADMIN_API_KEYS, or a stored key by id. */
export type ApiKeyPrincipal = { kind: 'admin' } | { kind: 'api-key'; keyId: number };
