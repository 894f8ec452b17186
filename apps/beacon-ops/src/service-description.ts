import { ServiceDescription } from '@perp/service';
import { applyBeaconOpsConventions } from './openapi/document-conventions';

export const SERVICE = {
  name: 'beacon-ops',
  version: '0.1.0',
};

export const BEACON_OPS_DESCRIPTION: ServiceDescription = {
  title: 'Perp City beacon operations',
  version: SERVICE.version,
  description:
    'Creates, registers and updates beacons (on-chain oracle feeds), paying gas from the service wallet pool. ' +
    'Every answer is the envelope {success, data, message}.',
  security: (builder) => builder.addBearerAuth({ type: 'http', scheme: 'bearer' }, 'HTTPBearer'),
  amend: applyBeaconOpsConventions,
};
