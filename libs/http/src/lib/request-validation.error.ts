import { UnprocessableEntityException } from '@nestjs/common';
import { ValidationIssue } from './validation-issue';

/** A request whose path, query or body failed validation; rendered as FastAPI's 422. */
export class RequestValidationError extends UnprocessableEntityException {
  constructor(readonly detail: ValidationIssue[]) {
    // The response object is FastAPI's body, so even Nest's own filter renders it right.
    super({ detail });
    this.name = 'RequestValidationError';
  }

  /** "body.count: Input should be ...; body.beacon_address: Field required" */
  summary(): string {
    return this.detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
  }
}
