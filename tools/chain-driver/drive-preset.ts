// driveChainPreset: a chain preset turned into transactions. The double and its markets are deployed
// with automine on; then automine goes off and every step of the history is one block of trades at
// its timestamp (evm_setNextBlockTimestamp + evm_mine), followed, when the chain accepts any, by a
// block of liquidations one second later.
import { MaxUint256, type BaseWallet } from 'ethers';
import { TestUSDC__factory } from '@perp/contracts/testing';
import { priceToX96 } from '@perp/x96-math';
import { BlockBuilder } from './block-builder';
import { chainPreset, type ChainPreset } from './chain-presets';
import { connect, latestTimestamp, liquidationAccepted, poolState } from './chain-rpc';
import { allWallets, deploySystem, driverWallets, fundWallets, DEFAULT_WALLET_OFFSET } from './chain-setup';
import { GAS, MarketDriver, PERP, zeroCounts, type Action, type Counts, type Maker, type Taker } from './market-driver';
import { PriceModel, Rng, q40 } from '@perp/market-sim';
import { sqrtX96Of } from './sqrt-x96';

export interface DriveOptions {
  rpcUrl: string;
  preset?: ChainPreset | string;
  seed?: number | string;
  /** Market 0 on this beacon (the dev stack's demo ECDSA beacon; its range must hold X96 prices), signed by `signer`. */
  beacon0?: { address: string; signer: BaseWallet };
  /** An existing Multicall3 (else one is deployed). */
  multicall3?: string;
  /** First dev-mnemonic account the driver uses (default 10: past anvil's ten funded accounts). */
  walletOffset?: number;
  /** End of the history, unix seconds (default now). The history starts `days` earlier, or after the latest block if that is later. */
  now?: number;
  log?: (line: string) => void;
}

export interface DrivenMarket {
  perp: string;
  poolId: string;
  beacon: string;
  /** What the live load needs to keep updating the beacon (not printed). */
  beaconAdapter: string;
  beaconSigner: BaseWallet;
  indexX96: bigint;
  takers: Taker[];
  makers: Maker[];
  counts: Counts;
}

export interface DriveResult {
  preset: string;
  /** The preset's settings (the live load trades with the same wallets and volatility). */
  settings: ChainPreset;
  seed: string;
  chainId: bigint;
  factory: string;
  poolManager: string;
  multicall3: string;
  usdc: string;
  markets: DrivenMarket[];
  counts: Counts & { transactions: number; blocks: number; events: number };
  /** Takers the chain's eth_call of liquidateTaker accepts at the end (left open on purpose). */
  liquidatable: { market: number; posId: bigint }[];
  history: { start: number; end: number; steps: number };
  driveMs: number;
  eventsPerSecond: number;
  walletOffset: number;
}

const USDC_PER_TRADER = 10n ** 18n; // 1e12 USDC: the drive never runs a trader dry

export async function driveChainPreset(options: DriveOptions): Promise<DriveResult> {
  const started = Date.now();
  const preset = typeof options.preset === 'object' ? options.preset : chainPreset(options.preset ?? 'chain-demo');
  const seed = String(options.seed ?? 1);
  const log = options.log ?? (() => undefined);
  const { provider, chainId } = await connect(options.rpcUrl);
  const walletOffset = options.walletOffset ?? DEFAULT_WALLET_OFFSET;
  const wallets = driverWallets(provider, preset.traders, walletOffset);
  await fundWallets(provider, allWallets(wallets));

  const rng = new Rng(`chain-driver/${preset.name}/${seed}`);
  const launch = Array.from({ length: preset.markets }, (_, i) => {
    const r = rng.fork(`market/${i}/launch`);
    return priceToX96((10 ** r.uniform(0.7, 3.3)).toPrecision(5));
  });
  log(`deploying the double and ${preset.markets} markets`);
  const system = await deploySystem(wallets, launch, { seed, beacon0: options.beacon0, multicall3: options.multicall3 });

  log(`deployed in ${Date.now() - started} ms`);
  const steps = Math.floor((preset.days * 86_400) / preset.intervalSeconds);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const start = Math.max((await latestTimestamp(provider)) + 10, now - steps * preset.intervalSeconds);
  if (start + steps * preset.intervalSeconds > now + 60)
    log(
      `the chain's latest block is too recent for a ${preset.days}-day history ending now: it runs into the future (start anvil with --timestamp ${now - steps * preset.intervalSeconds - 3600} or earlier)`,
    );
  const drivers = system.markets.map((m, i) => {
    const r = rng.fork(`market/${i}`);
    const launchSqrtX96 = sqrtX96Of(m.initialIndexX96);
    const model = new PriceModel(
      { launchSqrtX96, annualVol: preset.annualVol, emaWindowSeconds: 3600, minSqrtX96: launchSqrtX96 / 10n, maxSqrtX96: launchSqrtX96 * 10n },
      preset.intervalSeconds,
      r.fork('price'),
    );
    return new MarketDriver(i, m, model, r.fork('actions'), preset, chainId);
  });

  const wasAutomine = (await provider.send('anvil_getAutomine', [])) as boolean;
  await provider.send('evm_setAutomine', [false]);
  const builder = new BlockBuilder<Action>(
    provider,
    chainId,
    BigInt(((await provider.send('eth_getBlockByNumber', ['latest', false])) as { gasLimit: string }).gasLimit),
  );
  let clock = start - 1;
  const mine = async (timestamp: number) => {
    const { mined, lastTimestamp } = await builder.mineAt(Math.max(timestamp, clock + 1));
    clock = Math.max(clock, lastTimestamp);
    for (const tx of mined) if (tx.tag.kind !== 'setup') drivers[tx.tag.market].apply(tx);
    return mined;
  };
  const liquidatable = async (takers: { market: number; taker: Taker }[]) => {
    const accepted = await Promise.all(
      takers.map(({ market, taker }) => liquidationAccepted(provider, drivers[market].market.perp, taker.posId, wallets.keeper.address)),
    );
    return takers.filter((_, i) => accepted[i]);
  };

  let liquidatableAtEnd: { market: number; posId: bigint }[] = [];
  try {
    await builder.track([wallets.indexSender, wallets.keeper, ...wallets.traders]);
    // Setup: test USDC and approvals for every trader, then the seed makers.
    const usdc = TestUSDC__factory.createInterface();
    for (const trader of wallets.traders) {
      builder.add(trader, system.addresses.usdc, usdc.encodeFunctionData('mint', [trader.address, USDC_PER_TRADER]), GAS.approve, { kind: 'setup' });
      for (const m of system.markets)
        builder.add(trader, system.addresses.usdc, usdc.encodeFunctionData('approve', [m.perp, MaxUint256]), GAS.approve, { kind: 'setup' });
    }
    await mine(start);
    for (const d of drivers) {
      const pool = await poolState(provider, d.market.perp);
      for (let k = 0; k < preset.seedMakers; k++) {
        d.openMaker(builder, wallets.traders, k % wallets.traders.length, pool, BigInt(1_000_000 + 500_000 * k) * 1_000_000n, 6_000, true);
      }
    }
    await mine(clock + 1);

    const shockStep = Math.floor(steps / 2);
    for (let s = 1; s < steps; s++) {
      const t = start + s * preset.intervalSeconds;
      const pools = await Promise.all(drivers.map((d) => poolState(provider, d.market.perp)));
      drivers.forEach((d, i) => {
        d.model.advance();
        // Mid-history, market 0's index falls 12 % (pool with it): a cascade of liquidations on purpose.
        if (i === 0 && s === shockStep) scale(d.model, 0.88);
        d.planStep(builder, wallets, pools[i], t);
      });
      await mine(t);
      const candidates = drivers.flatMap((d, market) => d.atRisk().map((taker) => ({ market, taker })));
      const accepted = await liquidatable(candidates);
      for (const { market, taker } of accepted) {
        builder.add(wallets.keeper, drivers[market].market.perp, PERP.encodeFunctionData('liquidateTaker', [taker.posId, wallets.keeper.address]), GAS.trade, {
          kind: 'liquidate',
          market,
          posId: taker.posId,
        });
      }
      if (accepted.length > 0) await mine(clock + 1);
      if (s % 50 === 0) log(`${Date.now() - started} ms: step ${s}/${steps}, ${builder.transactions} transactions, ${builder.logs} events`);
    }

    // The finale: a 9.5x long on market 0, then its index falls 15 %: a candidate the chain accepts, left open.
    const d0 = drivers[0];
    const end = start + steps * preset.intervalSeconds;
    const usd = 5_000n * 1_000_000n;
    d0.openTaker(builder, wallets.traders, 0, d0.perpFor(usd), (usd * 10n) / 95n);
    await mine(end - 60);
    d0.pushIndex(builder, wallets.indexSender, (d0.indexX96 * 85n) / 100n, end);
    await mine(end);
    const open = drivers.flatMap((d, market) => [...d.takers.values()].map((taker) => ({ market, taker })));
    liquidatableAtEnd = (await liquidatable(open)).map(({ market, taker }) => ({ market, posId: taker.posId }));
    for (const d of drivers) if (d.reverts.length > 0) log(`market ${d.id}: reverted ${d.reverts.join(', ')}`);
  } finally {
    await provider.send('evm_setAutomine', [wasAutomine]);
  }

  const counts = { ...zeroCounts(), transactions: builder.transactions, blocks: builder.blocks, events: builder.logs };
  for (const d of drivers) for (const key of Object.keys(d.counts) as (keyof Counts)[]) counts[key] += d.counts[key];
  const driveMs = Date.now() - started;
  provider.destroy();
  return {
    preset: preset.name,
    settings: preset,
    seed,
    chainId,
    factory: system.addresses.factory,
    poolManager: system.addresses.poolManager,
    multicall3: system.multicall3,
    usdc: system.addresses.usdc,
    markets: drivers.map((d) => ({
      perp: d.market.perp,
      poolId: d.market.poolId,
      beacon: d.market.beacon.address,
      beaconAdapter: d.market.beacon.adapter,
      beaconSigner: d.market.beacon.signer,
      indexX96: d.indexX96,
      takers: [...d.takers.values()],
      makers: [...d.makers.values()],
      counts: d.counts,
    })),
    counts,
    liquidatable: liquidatableAtEnd,
    history: { start, end: clock, steps },
    driveMs,
    eventsPerSecond: Math.round((builder.logs * 1000) / driveMs),
    walletOffset,
  };
}

/** Moves the model's index and pool by `factor` (a price shock). */
function scale(model: PriceModel, factor: number): void {
  const k = q40(Math.sqrt(factor));
  model.sqrtIndexX96 = (model.sqrtIndexX96 * k) >> 40n;
  model.poolSqrtX96 = (model.poolSqrtX96 * k) >> 40n;
}
