import { BoolField } from '@perp/http';

/** The query of the three update routes. */
export class ConfirmationQuery {
  @BoolField({
    default: false,
    description:
      'true: a transaction whose receipt does not come within the wait (RECEIPT_TIMEOUT_MS) is answered 504, its message ending with the hash (the answer before `confirmed` existed). Default: 200, success true, the hash in data, confirmed false',
  })
  require_confirmation!: boolean;
}
