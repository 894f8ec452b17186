import { StringField } from '@perp/http';

/** The spec's body for the placeholder route: one string, accepted and ignored. */
export class CreateBeaconBody {
  @StringField({ required: true, maxLength: 1000, description: 'Any string; kept for compatibility and ignored', example: 'beacon' })
  placeholder!: string;
}
