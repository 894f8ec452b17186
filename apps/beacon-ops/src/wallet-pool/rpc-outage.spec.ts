import { startAnvil } from '@perp/local-infra';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { anvilAddress } from '../test/anvil-keys';
import { Infra, journalRows, PoolApp, poolSettings, startInfra, startPoolApp } from '../test/pool-test-env';
import { TransferTestController } from '../test/transfer-test.controller';

const RECIPIENT = anvilAddress(0);
const WALLET = anvilAddress(1);

/**
 * The chain RPC goes away and comes back on the same port with the same chain (anvil keeps
 * its state in a file across the restart, as a real node would).
 */
describe('RPC outage', () => {
  let infra: Infra;
  let pool: PoolApp;
  let stateDir: string;
  let anvilArgs: string[];

  const transfer = (value: bigint) => ({ kind: 'test', request: { value: String(value) }, build: () => ({ to: RECIPIENT, value, gasLimit: 21_000n }) });
  const restartAnvil = async () => {
    infra.anvil = await startAnvil({ port: infra.anvil.port, chainId: 31337, extraArgs: anvilArgs });
  };

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), 'beacon-ops-anvil-state-'));
    anvilArgs = ['--state', join(stateDir, 'state.json')];
    infra = await startInfra({ extraArgs: anvilArgs });
    // Balances read before every send (no accounted funds reused): these transfers skip the
    // simulation every route makes, so that read is their first chain call, and the outage
    // shows before anything is journaled, as it does for the routes (their estimate).
    pool = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, { WALLET_BALANCE_CACHE_MS: '0' }, [1]), {
      controllers: [TransferTestController],
    });
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    await infra?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('answers 502 while the RPC is down and sends again once it is back', async () => {
    expect(await pool.pool.send(transfer(1n))).toMatchObject({ status: 'confirmed', nonce: 0 });

    await infra.anvil.stop();
    const error = await pool.pool.send(transfer(2n)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({ status: 502, detail: 'Chain RPC unavailable' });
    const res = await request(pool.app.getHttpServer()).post('/test/transfer').send({ to: RECIPIENT, value: '3' }).expect(502);
    expect(res.body).toEqual({ success: false, data: null, message: 'Chain RPC unavailable' });
    expect(await journalRows(pool.db)).toHaveLength(1);

    await restartAnvil();
    expect(await pool.pool.send(transfer(4n))).toMatchObject({ status: 'confirmed', nonce: 1 });
  }, 30_000);

  it('a transaction journaled just before the RPC died is re-sent with the same nonce when it returns', async () => {
    let killNext = true;
    const hooked = await startPoolApp(pool.settings, {
      hooks: {
        afterJournal: async () => {
          if (!killNext) return;
          killNext = false;
          await infra.anvil.stop();
        },
      },
    });
    try {
      const error = await hooked.pool.send(transfer(5n)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainUnavailableError);
      const [stuck] = (await journalRows(hooked.db)).slice(-1);
      expect(stuck).toMatchObject({ status: 'pending', nonce: 2 });

      await restartAnvil();
      expect(await infra.chain.getTransaction(stuck.tx_hash)).toBeNull();
      const pass = await hooked.reconciler.reconcileNow();
      expect(pass.rebroadcast).toBe(1);
      await hooked.reconciler.reconcileNow();
      expect((await journalRows(hooked.db)).at(-1)).toMatchObject({ tx_hash: stuck.tx_hash, status: 'confirmed', nonce: 2 });
      expect(await infra.chain.getTransactionCount(WALLET, 'latest')).toBe(3);
      expect(await hooked.pool.send(transfer(6n))).toMatchObject({ status: 'confirmed', nonce: 3 });
    } finally {
      await hooked.close();
    }
  }, 30_000);
});
