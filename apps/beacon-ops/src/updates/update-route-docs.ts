/** What the three update routes share in their OpenAPI answers, and the `data` of a sent transaction. */

export const TX_HASH = { type: 'string', example: 'Transaction hash: 0x3c1f...' } as const;

export const txData = (hash: string) => `Transaction hash: ${hash}`;

/** The update routes' envelope field besides the three (the-beaconator's EcdsaUpdateResponse has it). */
export const CONFIRMED = {
  extra: {
    confirmed: {
      type: 'boolean',
      description:
        'true: the receipt came within the wait. false: the transaction was sent and journaled, its receipt had not come (data carries its hash; a retry with the same Idempotency-Key answers the outcome; ?require_confirmation=true makes this a 504)',
    },
  },
} as const;
