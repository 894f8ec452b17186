/** Which rule held an update back. */
export type GateRule = 'heartbeat' | 'min_interval';

/**
 * Thrown from inside a send's build step (under the beacon lock, before the token is charged and
 * before any journal row): nothing was sent. The update route answers it as a success with `data: null`.
 */
export class PublishGatedError extends Error {
  constructor(
    readonly rule: GateRule,
    readonly lastPublishedAt: Date,
    readonly nextPublishAt: Date,
  ) {
    super(gatedMessage(rule, lastPublishedAt, nextPublishAt));
  }
}

function gatedMessage(rule: GateRule, last: Date, next: Date): string {
  const why =
    rule === 'heartbeat'
      ? `the measurement equals the one published at ${last.toISOString()}, and an unchanged value is published again only after the heartbeat`
      : `the beacon was published at ${last.toISOString()}, within the minimum interval between publishes`;
  return `Not published (gated by ${rule}): ${why}; the next publish goes through from ${next.toISOString()}. Nothing was sent and no gas spent`;
}
