import { join } from 'node:path';
import { getFreePort, startAnvil, waitUntil, withPgClient } from '@perp/local-infra';
import { deployEcdsaBeacon, EcdsaBeacon__factory, encodeEcdsaInputs, signMeasurement } from '@perp/contracts';
import { Wallet } from 'ethers';
import { anvilAccount, uncachedProvider } from '../dev-stack/deploy-contracts';
import { AppTarget } from './app-target';
import { httpCall } from './http-call';
import { check } from './verify-error';

const Q96 = 2n ** 96n;

/**
 * The indexer: the index store, a fresh anvil with one ECDSA beacon; checked by listing a market
 * of that beacon, pushing a signed update on chain and finding it indexed (its row, the market's
 * index price, the cursor at the head, /ready lag 0).
 */
export const indexerTarget: AppTarget = {
  databases: ['perp_index'],
  stores: 1,
  async prepare(postgres, workDir) {
    const port = await getFreePort();
    const anvil = await startAnvil({ logFile: join(workDir, 'anvil.log') });
    try {
      const provider = uncachedProvider(anvil.url, BigInt(anvil.chainId));
      const deployer = anvilAccount(0).connect(provider);
      const signer = Wallet.createRandom();
      const { beacon, adapter } = await deployEcdsaBeacon(deployer, { signer: signer.address, min: 0, max: 2n ** 200n });
      const indexUrl = postgres.url('perp_index');
      const env = {
        INDEXER_HOST: '127.0.0.1',
        INDEXER_PORT: String(port),
        INDEX_DATABASE_URL: indexUrl,
        RPC_URL: anvil.url,
        CHAIN_ID: String(anvil.chainId),
        // anvil mines a block per transaction and never reorgs by itself.
        CONFIRMATIONS: '0',
        POLL_INTERVAL_MS: '200',
      };
      return {
        env,
        port,
        stop: async () => {
          provider.destroy();
          await anvil.stop();
        },
        async exercise(base) {
          const perp = `0x${'b'.repeat(40)}`;
          const beaconAddress = beacon.toLowerCase();
          await withPgClient(indexUrl, (c) =>
            c.query(
              `INSERT INTO markets (perp_address, beacon_address, owner, name, symbol, token_uri, pool_id, pricing_module, funding_module, fees_module, margin_ratios_module,
                 price_impact_module, ema_window, protocol_fee, tick_spacing, min_tick, max_tick, taker_liq_margin_ratio, taker_backstop_margin_ratio, maker_liq_margin_ratio,
                 maker_backstop_margin_ratio, creator_fee, insurance_fee, lp_fee, liquidation_fee, sqrt_price_x96, tick, liquidity, cumulative_funding_x96, open_interest_long,
                 open_interest_short, capacity_long, capacity_short, insurance, bad_debt, total_margin)
               VALUES ($1, $2, $1, 'verify', 'V', 'u', '0x${'0'.repeat(64)}', $1, $1, $1, $1, $1, 3600, 0, 30, -600, 600, 50000, 20000, 900000, 800000, 0, 0, 0, 0, ${Q96}, 0, 0,
                 0, 0, 0, 0, 0, 0, 0, 0)`,
              [perp, beaconAddress],
            ),
          );
          const measurement = { measurement: 3n * Q96, nonce: 1n, deadline: 2n ** 48n };
          const proof = await signMeasurement(signer, adapter, anvil.chainId, measurement);
          const receipt = await (
            await EcdsaBeacon__factory.connect(beacon, deployer).updateIndex(proof, encodeEcdsaInputs(measurement), { gasLimit: 1_000_000 })
          ).wait();
          check(receipt?.status === 1, 'the ECDSA update reverted on chain');
          let last = '';
          await waitUntil(
            'the update indexed',
            async () => {
              const ready = await httpCall(`${base}/ready`);
              last = `${ready.status} ${ready.text}`;
              return ready.status === 200 && ready.body?.cursor?.block_number >= receipt!.blockNumber && ready.body?.lag_blocks === 0;
            },
            { timeoutMs: 30_000, intervalMs: 200 },
          ).catch(() => check(false, `the indexer did not reach block ${receipt!.blockNumber} within 30 s (last /ready: ${last})`));
          const rows = await withPgClient(indexUrl, async (c) => {
            const updates = (await c.query('SELECT block_number, index_x96 FROM beacon_index_updates WHERE beacon_address = $1', [beaconAddress])).rows;
            const market = (await c.query('SELECT index_price_x96 FROM markets WHERE perp_address = $1', [perp])).rows[0];
            return { updates, market };
          });
          check(
            rows.updates.length === 1 && Number(rows.updates[0].block_number) === receipt!.blockNumber && BigInt(rows.updates[0].index_x96) === 3n * Q96,
            `beacon_index_updates holds ${JSON.stringify(rows.updates)}, expected the one update of block ${receipt!.blockNumber}`,
          );
          check(BigInt(rows.market.index_price_x96 ?? -1) === 3n * Q96, `markets.index_price_x96 is ${rows.market.index_price_x96}, expected 3 * 2^96`);
          const metrics = await httpCall(`${base}/metrics`);
          check(metrics.status === 200 && /^indexer_cursor_block \d+/m.test(metrics.text), `/metrics answered ${metrics.status} without indexer_cursor_block`);
          return [
            `IndexUpdated of block ${receipt!.blockNumber}: one beacon_index_updates row, markets.index_price_x96 = 3 * 2^96`,
            '/ready: 200, lag 0 blocks; /metrics: indexer_* metrics',
          ];
        },
      };
    } catch (error) {
      await anvil.stop();
      throw error;
    }
  },
};
