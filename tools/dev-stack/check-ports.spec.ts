import { spawnSync } from 'node:child_process';
import { createServer, Server } from 'node:net';
import { join } from 'node:path';
import { getFreePort } from '@perp/local-infra';

const SCRIPT = join(__dirname, 'check-ports.mjs');

function checkPorts(env: Record<string, string>) {
  const ports = {
    MARKET_DATA_PORT: '',
    BEACON_OPS_PORT: '',
    MARKET_DATA_METRICS_PORT: '',
    BEACON_OPS_METRICS_PORT: '',
    DEV_POSTGRES_PORT: '',
    ANVIL_PORT: '',
    RPC_URL: '',
  };
  return spawnSync(process.execPath, [SCRIPT], { env: { PATH: process.env['PATH'], ...ports, ...env }, encoding: 'utf8', timeout: 10_000 });
}

function listenOn(port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** `npm start`'s first step: a taken port is named with the variable that moves it, before anything starts. */
describe('check-ports', () => {
  let free: Record<string, string>;
  beforeAll(async () => {
    const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, () => getFreePort()));
    free = {
      MARKET_DATA_PORT: String(a),
      BEACON_OPS_PORT: String(b),
      DEV_POSTGRES_PORT: String(c),
      ANVIL_PORT: String(d),
      // The metrics listeners' defaults (9464, 9465) may be taken by another stack on this machine.
      MARKET_DATA_METRICS_PORT: String(e),
      BEACON_OPS_METRICS_PORT: String(f),
    };
  });

  it('passes when every port is free', () => {
    const result = checkPorts(free);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(['127.0.0.1', '0.0.0.0'])('names the port and its variable when something listens on %s', async (host) => {
    const taken = Number(free['BEACON_OPS_PORT']);
    const server = await listenOn(taken, host);
    try {
      const result = checkPorts(free);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`port ${taken} is already in use: stop what listens there, or set BEACON_OPS_PORT to another port`);
    } finally {
      server.close();
    }
  });

  it('refuses one port given to two services, and a value that is not a port', () => {
    expect(checkPorts({ ...free, MARKET_DATA_PORT: free['BEACON_OPS_PORT'] }).stderr).toContain(
      `port ${free['BEACON_OPS_PORT']} is given to both MARKET_DATA_PORT and BEACON_OPS_PORT`,
    );
    const notAPort = checkPorts({ ...free, DEV_POSTGRES_PORT: '70000' });
    expect(notAPort.status).toBe(1);
    expect(notAPort.stderr).toContain('DEV_POSTGRES_PORT=70000 is not a port');
  });

  it('skips the anvil port when RPC_URL points at another chain', async () => {
    const server = await listenOn(Number(free['ANVIL_PORT']), '127.0.0.1');
    try {
      expect(checkPorts({ ...free, RPC_URL: 'http://127.0.0.1:1/' }).status).toBe(0);
    } finally {
      server.close();
    }
  });
});
