import { MarketDataClient, MarketStreamEvent, subscribeMarketStream } from '@perp/market-data-client';
import { ChainConfirm, Confirmation, confirmCandidate } from './confirm-candidate';
import { ScanOptions, ScanReport, scanLiquidations } from './liquidation-scan';

export interface FollowOptions extends ScanOptions {
  baseUrl: string;
  apiKey: string;
  chain?: ChainConfirm;
  /** Each candidate confirmed as it entered the list (not those of a scan). */
  onConfirmation: (confirmation: Confirmation) => void;
  /** Each full pass, after the stream said to read the list again (on connect, after a gap). */
  onScan: (report: ScanReport, reason: string) => void;
  onError?: (error: Error) => void;
  signal: AbortSignal;
}

export interface FollowReport {
  scans: number;
  entered: number;
  left: number;
}

/**
 * The bot on the push stream instead of polling: subscribes to the `candidates` channel (the client
 * reconnects with Last-Event-ID by itself), runs one full pass of the list whenever the stream says
 * to read it (a `reset`: on connect, or after missing events), and confirms each candidate as it
 * enters the list. Work runs one item at a time, in the order the stream gave it, so that two
 * liquidations never race for the keeper's nonce. Ends when `signal` aborts.
 */
export async function followLiquidations(client: MarketDataClient, options: FollowOptions): Promise<FollowReport> {
  const report: FollowReport = { scans: 0, entered: 0, left: 0 };
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: Error) => options.onError?.(error));
  };
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const onEvent = (event: MarketStreamEvent) => {
    if (event.type === 'reset' && event.data.channels.includes('candidates')) {
      enqueue(async () => {
        report.scans++;
        options.onScan(await scanLiquidations(client, options), event.data.reason);
      });
    } else if (event.type === 'candidate_enter') {
      report.entered++;
      const candidate = event.data;
      enqueue(async () => options.onConfirmation(await confirmCandidate(client, candidate, now(), options.chain)));
    } else if (event.type === 'candidate_leave') {
      report.left++;
    }
  };
  const subscription = subscribeMarketStream({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    channels: ['candidates'],
    ...(options.perpAddress ? { perpAddress: options.perpAddress } : {}),
    onEvent,
    onError: (error, willRetry) => {
      options.onError?.(error);
      if (!willRetry) subscription.close();
    },
  });
  const stop = () => subscription.close();
  if (options.signal.aborted) stop();
  else options.signal.addEventListener('abort', stop, { once: true });
  await subscription.done;
  await queue;
  return report;
}
