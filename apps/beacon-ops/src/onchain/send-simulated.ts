import { fail, OperationError } from '../errors/operation-error';
import { getAddress, JsonRpcProvider } from 'ethers';
import { SentTransaction, SignedMessage } from '../wallet-pool/send-request';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { revertMessage } from './revert-messages';
import { estimateGasLimit, RevertMapper, SimulatedCall, simulateCall } from './simulation';

/** A route's call; `signed`: what the service's signer signed for it, journaled with the transaction. */
export interface RouteCall {
  to: string;
  data: string;
  signed?: SignedMessage;
}

export interface SimulatedSend {
  kind: string;
  /** Journaled (JSON: no bigint); a retry with the same Idempotency-Key must carry the same. */
  request: unknown;
  beaconAddress?: string | string[];
  idempotencyKey?: string;
  /** The call for the leased wallet. Runs under the beacon lock, so its simulation sees no concurrent update. */
  call: (wallet: string) => Promise<RouteCall> | RouteCall;
  mapRevert?: RevertMapper;
}

/**
 * One transaction through the pool, simulated first: under the beacon lock, with the leased
 * wallet as sender, eth_estimateGas either names the revert (the route's error, nothing
 * signed) or gives the gas limit (+25%). A transaction mined but reverted anyway is 422.
 * An idempotent retry replays the first transaction without simulating again (its proof is
 * spent by then).
 */
export async function sendSimulated(pool: WalletPool, provider: JsonRpcProvider, send: SimulatedSend): Promise<SentTransaction> {
  let simulated: SimulatedCall | undefined;
  const sent = await pool.send({
    kind: send.kind,
    request: send.request,
    beaconAddress: send.beaconAddress,
    idempotencyKey: send.idempotencyKey,
    build: async (wallet) => {
      const { to, data, signed } = await send.call(wallet);
      const call = { from: wallet, to, data };
      const gasLimit = await estimateGasLimit(provider, call, send.mapRevert);
      simulated = call;
      return { to, data, gasLimit, signed };
    },
  });
  if (sent.status === 'failed') throw await revertedOnChain(provider, sent, simulated);
  return sent;
}

/** The state changed between simulation and block. The reason is a best effort: the call replayed on the block's parent state. */
async function revertedOnChain(provider: JsonRpcProvider, sent: SentTransaction, call: SimulatedCall | undefined): Promise<OperationError> {
  let reason = '';
  if (call) {
    const replay = await simulateCall(provider, { ...call, blockTag: sent.receipt.blockNumber - 1 }).catch(() => undefined);
    if (replay && !replay.ok) reason = `: ${revertMessage(replay.decoded, replay.raw)}`;
  }
  return fail('reverted_on_chain', `Transaction ${sent.hash} reverted on chain; nothing was changed${reason}`);
}

/** A confirmed transaction must carry the beacon's event, else the address was not the beacon the route expects. */
export function requireEvent(sent: SentTransaction, address: string, topic: string, event: string): void {
  const emitter = getAddress(address);
  if (!sent.receipt.logs.some((log) => getAddress(log.address) === emitter && log.topics[0] === topic)) {
    throw fail(
      'wrong_beacon_kind',
      `Transaction ${sent.hash} did not update ${address.toLowerCase()} (no ${event} event in its receipt); is it the right kind of beacon?`,
    );
  }
}

/** A route's request as journaled: JSON (bigints as decimal strings). */
export function journalRequest(body: object): unknown {
  return JSON.parse(JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}
