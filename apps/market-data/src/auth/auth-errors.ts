import { DetailHttpException } from '@perp/http';

// The answers of DESIGN.md section 4; they never say more than this (no key, no reason).
const apiKeyChallenge = { 'WWW-Authenticate': 'APIKey' };

export const missingApiKey = () => new DetailHttpException(401, 'Missing API key', apiKeyChallenge);
export const invalidApiKey = () => new DetailHttpException(401, 'Invalid API key', apiKeyChallenge);
export const adminKeyRequired = () => new DetailHttpException(403, 'Admin API key required');
