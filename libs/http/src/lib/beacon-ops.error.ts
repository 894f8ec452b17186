import { HttpException } from '@nestjs/common';

/**
 * A beacon-ops failure with its status and the message the envelope carries, e.g.
 * `new BeaconOpsError(422, 'Invalid proof')`, `new BeaconOpsError(503, 'Insufficient gas')`.
 */
export class BeaconOpsError extends HttpException {
  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, status, options);
    this.name = 'BeaconOpsError';
  }
}
