import { Client } from 'pg';
import { rpcCall, startAnvil } from './anvil-node';
import { startTestPostgres } from './test-servers';

describe('local infrastructure', () => {
  it('starts a real Postgres, creates a database, and stops leaving nothing running', async () => {
    const pg = await startTestPostgres();
    try {
      await pg.createDatabase('probe');
      await pg.createDatabase('probe'); // idempotent
      const client = new Client({ connectionString: pg.url('probe') });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>('SELECT 40 + 2 AS answer');
      await client.end();
      expect(rows[0].answer).toBe(42);
    } finally {
      await pg.stop();
    }
    const after = new Client({ connectionString: pg.url(), connectionTimeoutMillis: 500 });
    await expect(after.connect()).rejects.toThrow();
  });

  it('starts anvil with the requested chain id and funded dev accounts', async () => {
    const anvil = await startAnvil({ chainId: 4242, accounts: 2 });
    try {
      expect(await rpcCall<string>(anvil.url, 'eth_chainId')).toBe('0x1092');
      const accounts = await rpcCall<string[]>(anvil.url, 'eth_accounts');
      expect(accounts).toHaveLength(2);
      // First account of the well-known dev mnemonic.
      expect(accounts[0].toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    } finally {
      await anvil.stop();
    }
    await expect(rpcCall(anvil.url, 'eth_chainId', [], 500)).rejects.toThrow();
  });
});
