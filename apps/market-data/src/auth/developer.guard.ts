import { createJwtBearerGuard } from '@perp/auth';
import { DEVELOPER_JWT_VERIFIER } from './developer-jwt-verifier';

/** `Authorization: Bearer <jwt>` of a developer; failures: 401 Not authenticated + WWW-Authenticate: Bearer. */
export const DeveloperGuard = createJwtBearerGuard({ verifier: DEVELOPER_JWT_VERIFIER });
