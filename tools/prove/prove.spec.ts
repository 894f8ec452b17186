import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { decodeSignals, verifyBeaconProof, stopProver } from '@perp/zk';
import { REPO_ROOT } from '../dev-stack/dev-settings';
import { parseArgs } from './main';

const BEACON = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function prove(args: string[]) {
  return spawnSync(process.execPath, ['-r', join(REPO_ROOT, 'tools', 'ts-register.js'), join(__dirname, 'main.ts'), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run prove', () => {
  afterAll(() => stopProver());

  it('prints exactly the /update_beacon body on stdout, the value and the time on stderr, and exits', async () => {
    const run = prove(['--measurements', '1,2,3,4', '--beacon', BEACON, '--nonce', '5']);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const body = JSON.parse(lines[0]) as Record<string, string>;
    expect(Object.keys(body)).toEqual(['beacon_address', 'proof', 'public_signals']);
    expect(body['beacon_address']).toBe(BEACON.toLowerCase());
    expect(body['proof']).toMatch(/^0x[0-9a-f]{512}$/);
    expect(decodeSignals(body['public_signals'])).toEqual([10n << 94n, BigInt(BEACON), 5n]);
    expect(await verifyBeaconProof(body['proof'], body['public_signals'])).toBe(true);
    expect(run.stderr).toContain('value: 198070406285660843983859875840 (X96) = 2.5, the mean of 1, 2, 3, 4');
    expect(run.stderr).toMatch(/nonce: 5; proved in \d+ ms/);
  });

  it('exits 2 with the reason and the usage on bad input, printing nothing on stdout', () => {
    const run = prove(['--measurements', '1,2,3', '--beacon', BEACON]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^expected 4 measurements, got 3\nusage: npm run -s prove/);
  });

  it.each([
    [['--beacon', BEACON], '--measurements is required'],
    [['--measurements', '1,2,3,4'], '--beacon is required'],
    [['--measurements', '1,2,3,x', '--beacon', BEACON], 'measurement 4 ("x") is not a non-negative decimal integer'],
    [['--measurements', `1,2,3,${2n ** 64n}`, '--beacon', BEACON], `measurement 4 (${2n ** 64n}) is outside [0, ${2n ** 64n - 1n}]`],
    [['--measurements', '1,2,3,4', '--beacon', '0x1234'], 'beacon "0x1234" is not a 0x-prefixed 20-byte address'],
    [['--measurements', '1,2,3,4', '--beacon', BEACON, '--nonce', '-3'], 'nonce "-3" is not a non-negative decimal integer'],
    [['--measurements', '1,2,3,4', '--beacon', BEACON, '--what'], 'unknown argument "--what"'],
    [['--measurements'], '--measurements needs a value'],
  ])('refuses %j', (args, message) => {
    expect(() => parseArgs(args)).toThrow(message);
  });

  it('takes --flag=value too, and a random nonce by default', () => {
    expect(parseArgs([`--beacon=${BEACON}`, '--measurements=0,0,0,7'])).toEqual({
      measurements: [0n, 0n, 0n, 7n],
      beacon: BEACON.toLowerCase(),
      nonce: undefined,
    });
  });
});
