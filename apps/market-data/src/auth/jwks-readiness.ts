import { JwtBearerVerifier } from '@perp/auth';
import { ReadinessCheck } from '@perp/service';
import { NotReadyError } from '@perp/store';
import { MarketDataSettings } from '../settings';

const FETCH_TIMEOUT_MS = 1_500;

/**
 * /ready's `jwks` check: developer tokens (/auth/keys) verify only against a key set that
 * loads. A file is read through the verifier (re-read when it changes); a URL is fetched on
 * each probe, so a provider that comes back makes the service ready without a restart.
 */
export function jwksReadinessCheck(settings: MarketDataSettings, verifier: JwtBearerVerifier): ReadinessCheck {
  return {
    name: 'jwks',
    probe: async () => {
      if (settings.jwtJwksUrl === undefined) {
        const problem = await verifier.problem();
        if (problem) throw new NotReadyError(`JWKS cannot be loaded: ${problem}`);
        return;
      }
      let keys: unknown;
      try {
        const response = await fetch(settings.jwtJwksUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!response.ok) throw new NotReadyError(`JWKS URL answered HTTP ${response.status}`);
        keys = ((await response.json()) as { keys?: unknown }).keys;
      } catch (error) {
        if (error instanceof NotReadyError) throw error;
        throw new NotReadyError('JWKS URL unreachable or not JSON');
      }
      if (!Array.isArray(keys) || keys.length === 0) throw new NotReadyError('JWKS URL holds no keys');
    },
  };
}
