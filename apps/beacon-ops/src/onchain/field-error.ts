import { issues, placeIssue, RequestValidationError } from '@perp/http';

/** A 422 naming a body field, for what only the chain can tell (e.g. "no contract at ..."), shaped like the pipe's. */
export function bodyFieldError(path: (string | number)[], input: unknown, reason: string): RequestValidationError {
  return new RequestValidationError([placeIssue(issues.valueError(reason), ['body', ...path], input)]);
}
