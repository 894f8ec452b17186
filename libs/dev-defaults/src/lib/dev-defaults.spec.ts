import DEV_PORTS from './dev-ports.json';
import { DEV_DEFAULTS, devDatabaseUrl } from './dev-defaults';

describe('dev defaults', () => {
  it('gives every dev listener its own port', () => {
    const ports = Object.values(DEV_PORTS);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(Number.isInteger(port) && port > 1024 && port < 65536).toBe(true);
  });

  it("points a dev database URL at the dev stack's Postgres", () => {
    expect(devDatabaseUrl(DEV_DEFAULTS.databases.index)).toBe(`postgres://postgres@127.0.0.1:${DEV_PORTS.DEV_POSTGRES_PORT}/perp_index`);
  });
});
