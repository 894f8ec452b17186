import { Logger, Provider } from '@nestjs/common';
import { JwtBearerVerifier } from '@perp/auth';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';

export const DEVELOPER_JWT_VERIFIER = Symbol('DEVELOPER_JWT_VERIFIER');

/**
 * Verifies developers' bearer JWTs (for /auth/keys) against the identity provider's JWKS.
 * A JWKS file that is missing or invalid does not stop the service: the bot routes keep
 * working, /auth/keys answers 401 and a warning says why (the file is re-read when it
 * changes, so creating it later needs no restart).
 */
export const developerJwtVerifierProvider: Provider = {
  provide: DEVELOPER_JWT_VERIFIER,
  inject: [MARKET_DATA_SETTINGS],
  useFactory: async (settings: MarketDataSettings): Promise<JwtBearerVerifier> => {
    const logger = new Logger('DeveloperAuth');
    const verifier = new JwtBearerVerifier({
      jwks: settings.jwtJwksUrl !== undefined ? { url: settings.jwtJwksUrl } : { file: settings.jwtJwksFile ?? '' }, // one of the two is set (loadMarketDataSettings)
      issuer: settings.jwtIssuer,
      audience: settings.jwtAudience,
      algorithms: settings.jwtAlgorithms,
      clockToleranceSeconds: settings.jwtClockToleranceSeconds,
      logger,
    });
    const problem = await verifier.problem();
    if (problem) logger.warn(`/auth/keys will answer 401 until this is fixed: ${problem}`);
    return verifier;
  },
};
