import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextVersion } from './next-version';
import { applyRelease, planRelease } from './release-app';

const REGISTER = join(__dirname, '..', 'ts-register.js');
const MAIN = join(__dirname, 'main.ts');

describe('nextVersion', () => {
  it('bumps one part, or takes a higher x.y.z', () => {
    expect(['patch', 'minor', 'major', '0.10.0', '1.0.0'].map((request) => nextVersion('0.9.3', request))).toEqual([
      '0.9.4',
      '0.10.0',
      '1.0.0',
      '0.10.0',
      '1.0.0',
    ]);
  });

  it('refuses a version that is not higher, and anything else', () => {
    expect(() => nextVersion('0.9.3', '0.9.3')).toThrow(/not higher/);
    expect(() => nextVersion('0.9.3', '0.8.9')).toThrow(/not higher/);
    expect(() => nextVersion('0.9.3', 'v1.0.0')).toThrow(/neither patch, minor, major nor/);
    expect(() => nextVersion('dev', 'patch')).toThrow(/is not x.y.z/);
  });
});

describe('releasing one app (throw-away git repository)', () => {
  let root: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const version = (app: string) => JSON.parse(readFileSync(join(root, 'apps', app, 'package.json'), 'utf8')).version;
  const cli = (...args: string[]) => spawnSync(process.execPath, ['-r', REGISTER, MAIN, ...args], { cwd: root, encoding: 'utf8' });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'release-'));
    git('init', '--quiet', '--initial-branch=main');
    git('config', 'user.name', 'Release Test');
    git('config', 'user.email', 'release-test@example.invalid');
    git('config', 'commit.gpgsign', 'false');
    git('config', 'tag.gpgsign', 'false');
    for (const app of ['alpha', 'beta']) {
      mkdirSync(join(root, 'apps', app), { recursive: true });
      writeFileSync(join(root, 'apps', app, 'package.json'), `{\n  "name": "${app}",\n  "version": "0.1.0",\n  "private": true\n}\n`);
    }
    // A published lib carries its own version; a lib without a package.json is not releasable.
    mkdirSync(join(root, 'libs', 'alpha-client'), { recursive: true });
    writeFileSync(
      join(root, 'libs', 'alpha-client', 'package.json'),
      `{\n  "name": "@perp-city/alpha-client",\n  "version": "0.3.0",\n  "license": "UNLICENSED"\n}\n`,
    );
    mkdirSync(join(root, 'libs', 'internal'), { recursive: true });
    writeFileSync(join(root, 'libs', 'internal', 'project.json'), '{}\n');
    git('add', '.');
    git('commit', '--quiet', '-m', 'start');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses an unknown app, naming the known ones', () => {
    expect(() => planRelease(root, 'gamma', 'patch')).toThrow('Unknown app or package "gamma": expected one of alpha, alpha-client, beta');
    expect(() => planRelease(root, 'internal', 'patch')).toThrow('Unknown app or package "internal"');
  });

  it('refuses a dirty working tree, untracked files included', () => {
    writeFileSync(join(root, 'notes.txt'), 'work in progress\n');
    try {
      expect(() => planRelease(root, 'alpha', 'patch')).toThrow('The working tree has uncommitted changes; commit or stash them first:\n  ?? notes.txt');
    } finally {
      rmSync(join(root, 'notes.txt'));
    }
  });

  it('in a dry run says what it would do and changes nothing', () => {
    const head = git('rev-parse', 'HEAD');
    const result = cli('alpha', 'minor', '--dry-run');
    expect(result.stdout).toContain('Would release alpha 0.1.0 -> 0.2.0: commit apps/alpha/package.json, tag alpha@0.2.0');
    expect(result.status).toBe(0);
    expect([git('rev-parse', 'HEAD'), git('tag', '--list'), git('status', '--porcelain'), version('alpha')]).toEqual([head, '', '', '0.1.0']);
  });

  it('bumps only that app, in one commit of its package.json, tagged <app>@<version>', () => {
    applyRelease(root, planRelease(root, 'alpha', 'patch'));
    expect([version('alpha'), version('beta')]).toEqual(['0.1.1', '0.1.0']);
    expect(git('show', '--name-only', '--format=%s', 'HEAD').split('\n')).toEqual(['Release alpha 0.1.1', '', 'apps/alpha/package.json']);
    expect(git('rev-parse', 'alpha@0.1.1^{commit}')).toBe(git('rev-parse', 'HEAD'));
    expect(git('status', '--porcelain')).toBe('');
    expect(readFileSync(join(root, 'apps', 'alpha', 'package.json'), 'utf8')).toBe('{\n  "name": "alpha",\n  "version": "0.1.1",\n  "private": true\n}\n');
  });

  it('versions a lib the same way: libs/<lib>/package.json, tagged <lib>@<version>', () => {
    const dry = cli('alpha-client', 'minor', '--dry-run');
    expect([dry.status, dry.stdout.trim()]).toEqual([
      0,
      'Dry run, nothing changed. Would release alpha-client 0.3.0 -> 0.4.0: commit libs/alpha-client/package.json, tag alpha-client@0.4.0',
    ]);
    const released = cli('alpha-client', 'minor');
    expect(released.status).toBe(0);
    expect(git('show', '--name-only', '--format=%s', 'HEAD').split('\n')).toEqual(['Release alpha-client 0.4.0', '', 'libs/alpha-client/package.json']);
    expect(git('rev-parse', 'alpha-client@0.4.0^{commit}')).toBe(git('rev-parse', 'HEAD'));
    expect(readFileSync(join(root, 'libs', 'alpha-client', 'package.json'), 'utf8')).toBe(
      '{\n  "name": "@perp-city/alpha-client",\n  "version": "0.4.0",\n  "license": "UNLICENSED"\n}\n',
    );
    expect([version('alpha'), version('beta')]).toEqual(['0.1.1', '0.1.0']);
    expect(() => planRelease(root, 'alpha-client', '0.4.0')).toThrow('0.4.0 is not higher than the current version 0.4.0');
  });

  it('refuses a tag that already exists', () => {
    git('tag', 'beta@0.2.0');
    expect(() => planRelease(root, 'beta', 'minor')).toThrow('The tag beta@0.2.0 already exists');
  });

  it('answers bad usage with exit code 2 and a refusal with 1', () => {
    expect(cli('alpha').status).toBe(2);
    const refused = cli('gamma', 'patch');
    expect([refused.status, refused.stderr.trim()]).toEqual([1, 'release: Unknown app or package "gamma": expected one of alpha, alpha-client, beta']);
  });
});
