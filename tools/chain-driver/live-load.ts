// startLiveLoad: while the dev stack runs, one small action every few seconds on a driven chain (a
// taker trade mostly, an index move now and then, a maker band), and a keeper that liquidates what the
// chain's eth_call accepts. Transactions go through automine, one at a time; a refusal or a revert is
// logged and the load goes on.
import { type BaseWallet, type JsonRpcProvider } from 'ethers';
import type { TxSink, MinedTx } from './block-builder';
import { connect, latestTimestamp, liquidationAccepted, poolState } from './chain-rpc';
import { driverWallets } from './chain-setup';
import type { DrivenMarket, DriveResult } from './drive-preset';
import { MarketDriver, PERP, type Action } from './market-driver';
import { PriceModel, Rng } from '@perp/market-sim';
import { sqrtX96Of } from './sqrt-x96';

export interface LiveLoadOptions {
  rpcUrl: string;
  driven: DriveResult;
  seed?: number | string;
  /** Milliseconds between actions (default 3000). */
  intervalMs?: number;
  log?: (line: string) => void;
  /** After each action: the markets as the load now knows them (the dev stack keeps them to resume the load at its next start). */
  onState?: (markets: DrivenMarket[]) => void;
}

/** Collects what a market plans, then sends it one transaction at a time (automine mines each). */
class LiveSink implements TxSink<Action> {
  private queue: { from: BaseWallet; to: string; data: string; gasLimit: bigint; tag: Action }[] = [];
  add(from: BaseWallet, to: string, data: string, gasLimit: bigint, tag: Action): void {
    this.queue.push({ from, to, data, gasLimit, tag });
  }
  async flush(log: (line: string) => void): Promise<MinedTx<Action>[]> {
    const mined: MinedTx<Action>[] = [];
    for (const q of this.queue.splice(0)) {
      try {
        // eth_estimateGas first: a trade the chain would refuse is never sent.
        const receipt = await (await q.from.sendTransaction({ to: q.to, data: q.data })).wait();
        if (receipt)
          mined.push({
            tag: q.tag,
            ok: receipt.status === 1,
            logs: receipt.logs.map((l) => ({ address: l.address, topics: [...l.topics], data: l.data })),
            gasUsed: receipt.gasUsed,
          });
      } catch (error) {
        log(`live load: ${q.tag.kind} on market ${'market' in q.tag ? q.tag.market : '-'} refused: ${shortError(error)}`);
      }
    }
    return mined;
  }
}

function shortError(error: unknown): string {
  const e = error as { shortMessage?: string; data?: string; message?: string };
  const decoded = e.data ? PERP.parseError(e.data)?.name : undefined;
  return decoded ?? e.shortMessage ?? e.message ?? String(error);
}

/** Starts the load; the returned function stops it and resolves once the action under way is done. */
export async function startLiveLoad(options: LiveLoadOptions): Promise<() => Promise<void>> {
  const log = options.log ?? (() => undefined);
  const { provider, chainId } = await connect(options.rpcUrl);
  const preset = options.driven.settings;
  const wallets = driverWallets(provider, preset.traders, options.driven.walletOffset);
  const rng = new Rng(`chain-driver/live/${options.seed ?? options.driven.seed}`);
  const drivers = options.driven.markets.map((m, i) => {
    const sqrtIndex = sqrtX96Of(m.indexX96);
    // A one-minute step: the live index wanders visibly within a dev session.
    const model = new PriceModel(
      { launchSqrtX96: sqrtIndex, annualVol: preset.annualVol, emaWindowSeconds: 3600, minSqrtX96: sqrtIndex / 10n, maxSqrtX96: sqrtIndex * 10n },
      60,
      rng.fork(`price/${i}`),
    );
    const d = new MarketDriver(
      i,
      { perp: m.perp, poolId: m.poolId, beacon: { address: m.beacon, adapter: m.beaconAdapter, signer: m.beaconSigner }, initialIndexX96: m.indexX96 },
      model,
      rng.fork(`actions/${i}`),
      preset,
      chainId,
    );
    for (const t of m.takers) d.takers.set(t.posId, { ...t });
    for (const k of m.makers) d.makers.set(k.posId, { ...k });
    return d;
  });

  let stopped = false;
  let wake: (() => void) | undefined;
  const tick = async (n: number) => {
    const d = drivers[n % drivers.length];
    const sink = new LiveSink();
    d.planLight(sink, wallets, await poolState(provider, d.market.perp), await latestTimestamp(provider));
    for (const tx of await sink.flush(log)) d.apply(tx);
    await keep(provider, d, wallets.keeper, sink, log);
    options.onState?.(
      options.driven.markets.map((m, i) => ({
        ...m,
        indexX96: drivers[i].indexX96,
        takers: [...drivers[i].takers.values()],
        makers: [...drivers[i].makers.values()],
      })),
    );
  };
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      try {
        await tick(n);
      } catch (error) {
        log(`live load: step ${n} failed: ${shortError(error)}`);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs ?? 3_000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return async () => {
    stopped = true;
    wake?.();
    await loop;
    provider.destroy();
  };
}

/** The keeper: liquidates the market's at-risk takers that the chain's eth_call accepts. */
async function keep(provider: JsonRpcProvider, d: MarketDriver, keeper: BaseWallet, sink: LiveSink, log: (line: string) => void): Promise<void> {
  for (const t of d.atRisk()) {
    if (!(await liquidationAccepted(provider, d.market.perp, t.posId, keeper.address))) continue;
    sink.add(keeper, d.market.perp, PERP.encodeFunctionData('liquidateTaker', [t.posId, keeper.address]), 0n, {
      kind: 'liquidate',
      market: d.id,
      posId: t.posId,
    });
  }
  for (const tx of await sink.flush(log)) d.apply(tx);
}
