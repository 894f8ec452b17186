/** An API key as the service handles it (never the secret: only its hash is stored). */
export interface ApiKeyRecord {
  id: number;
  developerId: string | null;
  name: string;
  keyPreview: string;
  isActive: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  rateLimit: number | null;
}

/** What a request needs of an active key: its id and its rate-limit override. */
export interface ActiveKey {
  id: number;
  rateLimit: number | null;
}
