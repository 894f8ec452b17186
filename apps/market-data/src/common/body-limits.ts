import { BodyLimits } from '@perp/http';

/**
 * Request body limit (bytes). The only bodies market-data takes are key names (at most 100
 * characters: 600 bytes even as \u escapes); 4 KiB for every route, and for what an unknown
 * route reads before its 404. A larger body is answered 413 before it is read further.
 */
export const MARKET_DATA_BODY_LIMITS: BodyLimits = { default: 4 * 1024 };
