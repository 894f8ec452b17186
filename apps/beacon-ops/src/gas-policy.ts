import { DEFAULT_GAS_HEADROOM_PERCENT, withGasHeadroom } from '@perp/contracts';
import { fail, OperationError } from './errors/operation-error';
import { setting } from '@perp/settings';

/**
 * Every gas rule of the service in one place: the headroom over an estimate, the chain's
 * per-transaction ceiling, and a cap per operation. A transaction whose gas limit is above its
 * operation's cap is refused before it is signed (422): a caller must not be able to make the
 * pool pay for an arbitrary contract's work, e.g. a "beacon" that burns gas and succeeds.
 */

/** EIP-7825 caps a transaction at 2^24 gas; a limit above it is refused by the node. */
export const TX_GAS_CAP = 16_777_216n;

/**
 * Gas each batch entry may use in the sizing simulation (a Groth16 verifier costs ~250k). An
 * entry's sent limit is what it used there plus headroom, so this also bounds what one entry
 * can cost; the whole batch is bounded by MAX_TRANSACTION_GAS.
 */
export const BATCH_ENTRY_PROBE_GAS = 2_000_000n;

/** Headroom over eth_estimateGas (see @perp/contracts' gas-headroom for why). */
export const GAS_HEADROOM_PERCENT = DEFAULT_GAS_HEADROOM_PERCENT;

/** The gas limit to send with: the estimate plus headroom, never the bare estimate. */
export function gasLimitFor(estimate: bigint): bigint {
  return withGasHeadroom(estimate, GAS_HEADROOM_PERCENT);
}

/** A gas amount: an integer of at least 21000 (a plain transfer). */
export function gasAmount(raw: string): bigint {
  if (!/^\d+$/.test(raw) || BigInt(raw) < 21_000n) throw new Error('must be an integer amount of gas, at least 21000');
  return BigInt(raw);
}

/**
 * Defaults: a few times what the operation costs on our contracts (libs/contracts/README.md, Gas:
 * an ECDSA update ~102k, a Groth16 update ~300k, a registration well under 100k), so honest use
 * never meets them; creations and batches are bounded by MAX_TRANSACTION_GAS.
 */
export const gasPolicySettingsSpec = {
  /**
   * Largest gas limit of one transaction: EIP-7825's 2^24 (Ethereum since Osaka) by default.
   * Raise it only on a chain without that cap (the dev stack's anvil runs Prague); the latest
   * block's gas limit bounds it too. Batches and creations are capped by it.
   */
  maxTransactionGas: setting('MAX_TRANSACTION_GAS', gasAmount, { default: '16777216' }),
  /** /update_beacon (a ZK proof). */
  gasCapUpdateBeacon: setting('GAS_CAP_UPDATE_BEACON', gasAmount, { default: '1500000' }),
  /** /update_beacon_with_ecdsa_adapter. */
  gasCapEcdsaUpdate: setting('GAS_CAP_ECDSA_UPDATE', gasAmount, { default: '300000' }),
  /**
   * /update_beacon_with_ecdsa_adapter on a group beacon: its first update writes a fresh slot a value
   * (a group of 64, the largest, ~1.5M gas; 3 values ~130k).
   */
  gasCapGroupEcdsaUpdate: setting('GAS_CAP_GROUP_ECDSA_UPDATE', gasAmount, { default: '2500000' }),
  /** /register_beacon and /unregister_beacon. */
  gasCapRegisterBeacon: setting('GAS_CAP_REGISTER_BEACON', gasAmount, { default: '300000' }),
};

export type GasPolicySettings = { [K in keyof typeof gasPolicySettingsSpec]: bigint };

/** The cap of one operation (a journal `kind`): its own setting, else the per-transaction maximum. */
export function gasCapFor(settings: GasPolicySettings, kind: string): bigint {
  const own: Record<string, bigint> = {
    update_beacon: settings.gasCapUpdateBeacon,
    update_beacon_with_ecdsa_adapter: settings.gasCapEcdsaUpdate,
    update_group_beacon_with_ecdsa_adapter: settings.gasCapGroupEcdsaUpdate,
    register_beacon: settings.gasCapRegisterBeacon,
    unregister_beacon: settings.gasCapRegisterBeacon,
  };
  const cap = own[kind] ?? settings.maxTransactionGas;
  return cap < settings.maxTransactionGas ? cap : settings.maxTransactionGas;
}

/** 422 before anything is signed or sent. */
export function gasCapExceeded(kind: string, gasLimit: bigint, cap: bigint): OperationError {
  return fail(
    'gas_cap_exceeded',
    `Transaction refused: it would need ${gasLimit} gas, above the ${cap} allowed for ${kind}; nothing was sent (is the address the right kind of contract?)`,
  );
}
