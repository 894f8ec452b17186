import { BodyLimits } from '@perp/http';

/**
 * Request body limits, per route (bytes). A body over its route's limit is answered 413 before
 * it is read further. Measured: 100 /batch_update_beacon entries with 256-byte Groth16 proofs
 * and 3-signal public signals (160 bytes) take 93,113 bytes as compact JSON and 99,125 pretty-
 * printed with 4-space indents; 160 KiB leaves room for ~12 signals per entry. /update_beacon
 * takes what its DTO allows (two 16 KiB hex fields: 65,540 characters). /update_beacon_with_ecdsa_adapter
 * takes a group beacon's largest array: 64 uint256 of 78 digits, 6,381 bytes pretty-printed with
 * 8-space indents; 16 KiB. Every other route's
 * body is a few fields: 4 KiB, which is also what an unknown route reads before its 404.
 */
export const BEACON_OPS_BODY_LIMITS: BodyLimits = {
  default: 4 * 1024,
  routes: {
    'POST /batch_update_beacon': 160 * 1024,
    'POST /update_beacon': 72 * 1024,
    'POST /update_beacon_with_ecdsa_adapter': 16 * 1024,
  },
};
