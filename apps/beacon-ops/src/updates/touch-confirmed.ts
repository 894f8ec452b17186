import { PerpTouches } from '../touch/perp-touches';
import { UpdateOutcome } from './confirmation';

/** A confirmed update's beacons get their perps touched (touch/); an unconfirmed one's do not. */
export function touchConfirmed<T>(touches: PerpTouches, outcome: UpdateOutcome<T>, beacons: (result: T) => string[]): UpdateOutcome<T> {
  if (outcome.confirmed) touches.afterUpdate(beacons(outcome.result));
  return outcome;
}
