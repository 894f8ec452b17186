import { join } from 'node:path';
import { runTsEntryPoint } from '@perp/local-infra';

const entry = join(__dirname, 'test', 'failing-start.ts');

describe('runService', () => {
  it.each([['start'], ['settings']])('exits 1 on a failed %s without printing a URL password', (mode) => {
    const run = runTsEntryPoint(entry, { MODE: mode });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('postgres://app:***@db.internal:5432/index');
    expect(`${run.stdout}${run.stderr}`).not.toContain('hunter2');
  });
});
