import { ReadinessCheck } from '@perp/service';
import { NotReadyError } from '@perp/store';
import { BeaconOpsSettings } from '../settings';
import { SERVICE_CONTRACTS } from './service-contracts';

/** The contracts every beacon route needs (the demo ones are optional). */
const REQUIRED = ['registry', 'beacon_factory', 'verifiable_beacon_factory', 'multicall3', 'batch_updater'] as const;

/** /ready's `contracts` check: a replica without its contract addresses would answer 503 on every beacon route. */
export function contractsReadinessCheck(settings: BeaconOpsSettings): ReadinessCheck {
  return {
    name: 'contracts',
    probe: async () => {
      const missing = REQUIRED.filter((name) => !settings[SERVICE_CONTRACTS[name].key]).map((name) => SERVICE_CONTRACTS[name].env);
      if (missing.length > 0) throw new NotReadyError(`no contract address configured: set ${missing.join(', ')}`);
    },
  };
}
