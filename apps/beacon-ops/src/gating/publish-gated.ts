/** Which rule held an update back. */
export type GateRule = 'heartbeat' | 'min_interval' | 'idle' | 'dormant';

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
  const at = last.toISOString();
  const why = {
    heartbeat: `the measurement equals the one published at ${at}, and an unchanged value is published again only after the heartbeat`,
    min_interval: `the beacon was published at ${at}, within the minimum interval between publishes`,
    idle: `the beacon was published at ${at}, within the minimum interval of an idle beacon (its markets have capacity but no open interest)`,
    dormant: `the beacon was published at ${at}, and a dormant beacon (no market with open interest or capacity) publishes only at the heartbeat`,
  }[rule];
  return `Not published (gated by ${rule}): ${why}; the next publish goes through from ${next.toISOString()}. Nothing was sent and no gas spent`;
}
