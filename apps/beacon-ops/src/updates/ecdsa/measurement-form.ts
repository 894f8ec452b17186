import { bodyFieldError } from '../../onchain/field-error';
import { journalRequest } from '../../onchain/send-simulated';
import { EcdsaUpdateBody } from './ecdsa-update.dto';
import { EcdsaAdapterInfo } from './ecdsa-adapters';

/**
 * The measurement in the form the beacon takes, else 422 naming it: one value for a single-value
 * beacon (our bound adapter, the deployed interface), an array of exactly SIZE values for a group.
 */
export function measurementFor(adapter: EcdsaAdapterInfo, body: EcdsaUpdateBody): bigint | bigint[] {
  const sent = body.measurement;
  // The newer verifier takes an array whatever the beacon's size: the beacon decides on chain.
  if (adapter.kind === 'verifier') return sent;
  const group = adapter.kind === 'bound' ? adapter.group : undefined;
  const given = Array.isArray(sent) ? `an array of ${sent.length}` : 'a single value';
  if (group === undefined) {
    if (!Array.isArray(sent)) return sent;
    throw bodyFieldError(
      ['measurement'],
      sent,
      `${body.beacon_address} holds one value: measurement must be a single decimal string (expected length 1, not an array), got ${given}`,
    );
  }
  if (Array.isArray(sent) && sent.length === group) return sent;
  throw bodyFieldError(
    ['measurement'],
    sent,
    `${body.beacon_address} is a group beacon of ${group} values: measurement must be an array of exactly ${group} decimal strings (expected length ${group}), got ${given}`,
  );
}

/** The measurement as the journal keeps it (decimal strings): what publish gating compares. */
export function publishedMeasurement(body: EcdsaUpdateBody): string | string[] {
  return (journalRequest(body) as { measurement: string | string[] }).measurement;
}
