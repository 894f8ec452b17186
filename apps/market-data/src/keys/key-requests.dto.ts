import { IntField, StringField } from '@perp/http';

/** The name column is varchar(100): both routes refuse longer names with 422 string_too_long. */
const NAME_MAX_LENGTH = 100;

/** POST /admin/keys, POST /v1/admin/keys. */
export class CreateAdminKeyBody {
  @StringField({ required: true, maxLength: NAME_MAX_LENGTH, description: 'A label for the key', example: 'liquidation-bot' })
  name!: string;
}

/** POST /admin/keys: the legacy body plus an optional rate-limit override (POST /v1/admin/keys stays frozen). */
export class CreateBotKeyBody extends CreateAdminKeyBody {
  @IntField({ ge: 1, le: 1_000_000_000, description: "Requests per rate-limit window for this key; omitted: the service's default", example: 1200 })
  rate_limit?: number;
}

/** POST /auth/keys: the body is required, its name is not. */
export class CreateDeveloperKeyBody {
  @StringField({ maxLength: NAME_MAX_LENGTH, default: 'default', description: 'A label for the key', example: 'my-bot' })
  name!: string;
}
