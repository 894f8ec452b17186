import { Logger, LoggerService } from '@nestjs/common';
import { JWTPayload, jwtVerify } from 'jose';
import { jwksKeySet, JwksKeySet, JwksSource, JwksUnavailableError } from './jwks-key-set';

/** Asymmetric algorithms only: a JWKS holds public keys, and HS* would let a public key act as an HMAC secret. */
export const DEFAULT_JWT_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;
export const SUPPORTED_JWT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

export interface JwtBearerVerifierOptions {
  jwks: JwksSource;
  issuer: string;
  audience: string | string[];
  algorithms?: readonly string[];
  /** Allowed clock skew for exp/nbf/iat, in seconds. */
  clockToleranceSeconds?: number;
  logger?: LoggerService;
}

/** A verified token: the subject (the developer, user...) and every claim. */
export interface VerifiedJwt {
  subject: string;
  claims: JWTPayload;
}

/** Why a token was refused; never shown to the caller (the answer is a bare 401). */
export class JwtVerificationError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`JWT refused: ${reason}`, options);
    this.name = 'JwtVerificationError';
  }
}

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_TOKEN_LENGTH = 16_384;

/**
 * Verifies bearer JWTs from an external identity provider: signature against its JWKS,
 * `iss`, `aud`, a required `exp` (and `nbf` when present) within the clock tolerance, the
 * algorithm in the allow-list, and a non-empty `sub`.
 */
export class JwtBearerVerifier {
  readonly keySet: JwksKeySet;
  private readonly algorithms: string[];
  private readonly logger: LoggerService;
  private lastKeySetProblem?: string;

  constructor(private readonly options: JwtBearerVerifierOptions) {
    this.keySet = jwksKeySet(options.jwks);
    this.algorithms = [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)];
    this.logger = options.logger ?? new Logger('JwtBearerVerifier');
  }

  async verify(token: string): Promise<VerifiedJwt> {
    if (token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) throw new JwtVerificationError('not a compact JWS');
    const keys = await this.keys();
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.algorithms,
        clockTolerance: this.options.clockToleranceSeconds ?? 30,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof JwksUnavailableError) this.warnOnce(error.message);
      throw new JwtVerificationError((error as { code?: string }).code ?? (error as Error).message, { cause: error });
    }
    if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw new JwtVerificationError('empty sub');
    return { subject: claims.sub, claims };
  }

  /** A reason the key set cannot be used now (for a start-up warning), or undefined when it can. */
  async problem(): Promise<string | undefined> {
    if ('url' in this.options.jwks) return undefined; // fetched on demand; a start-up fetch would only add latency
    try {
      await this.keySet.keys();
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  private async keys() {
    try {
      const keys = await this.keySet.keys();
      this.lastKeySetProblem = undefined;
      return keys;
    } catch (error) {
      this.warnOnce((error as Error).message);
      throw new JwtVerificationError('key set unavailable', { cause: error });
    }
  }

  // One line per distinct problem, not one per request.
  private warnOnce(problem: string): void {
    if (problem === this.lastKeySetProblem) return;
    this.lastKeySetProblem = problem;
    this.logger.warn(`bearer tokens cannot be verified: ${problem}`);
  }
}
