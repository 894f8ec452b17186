import { InvalidSettingsError } from '@perp/settings';
import { maskPassword } from '@perp/store';
import { runMigrateCommand, StoreMigration } from './run-migrate-command';

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERR ${line}`) } };
}

const store = (name: string, migrate: () => Promise<string[]>): StoreMigration => ({ store: name, url: `postgres://app:s3cret@db:5432/${name}`, migrate });

describe('runMigrateCommand', () => {
  it('prints per store what it applied or that it is up to date, with the password masked, and exits 0', async () => {
    const { lines, out } = capture();
    const code = await runMigrateCommand('svc', () => [store('a', async () => ['One1', 'Two2']), store('b', async () => [])], out);
    expect(code).toBe(0);
    expect(lines.slice(0, 2)).toEqual([
      'svc migrate: a (postgres://app:***@db:5432/a): applied One1, Two2',
      'svc migrate: b (postgres://app:***@db:5432/b): up to date',
    ]);
    expect(lines[2]).toMatch(/^svc migrate: done in \d+ ms$/);
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('stops at the first failing store with a one-line reason and exits 1', async () => {
    const { lines, out } = capture();
    const never = jest.fn(async () => []);
    const refused = Object.assign(new AggregateError([new Error('connect ECONNREFUSED ::1:5432'), new Error('connect ECONNREFUSED 127.0.0.1:5432')], ''), {
      code: 'ECONNREFUSED',
    });
    const code = await runMigrateCommand('svc', () => [store('a', () => Promise.reject(refused)), store('b', never)], out);
    expect(code).toBe(1);
    expect(never).not.toHaveBeenCalled();
    expect(lines).toEqual(['ERR svc migrate failed: a (postgres://app:***@db:5432/a): connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432']);
  });

  it('refuses invalid settings, naming them, with exit 1', async () => {
    const { lines, out } = capture();
    const code = await runMigrateCommand(
      'svc',
      () => {
        throw new InvalidSettingsError(['X_URL is required but not set']);
      },
      out,
    );
    expect(code).toBe(1);
    expect(lines).toEqual(['ERR svc migrate refused. Invalid settings:\n  - X_URL is required but not set']);
  });
});

describe('maskPassword', () => {
  it('hides the password only', () => {
    expect(maskPassword('postgres://u:p@h:1/d')).toBe('postgres://u:***@h:1/d');
    expect(maskPassword('postgres://u@h/d')).toBe('postgres://u@h/d');
    expect(maskPassword('not a url')).toBe('<unparseable url>');
  });
});
