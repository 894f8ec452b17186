// Many transactions per block at a chosen timestamp: signed here (no eth_estimateGas, no nonce
// look-ups per transaction), sent as JSON-RPC batches while automine is off, then mined with one
// evm_mine. Each transaction's priority fee falls with its queue position, so anvil orders the
// block exactly as queued whatever order the batch arrives in: the drive is deterministic.
import { Transaction, type BaseWallet, type JsonRpcProvider } from 'ethers';

export interface RawLog {
  address: string;
  topics: string[];
  data: string;
}

export interface MinedTx<T> {
  tag: T;
  ok: boolean;
  logs: RawLog[];
  gasUsed: bigint;
}

interface Queued<T> {
  from: BaseWallet;
  to: string;
  data: string;
  nonce: number;
  gasLimit: bigint;
  tag: T;
}

const MAX_FEE_PER_GAS = 100n * 10n ** 9n;
const BASE_PRIORITY_FEE = 10n ** 9n;

/** Where a market's planned transactions go: a block being built, or the live sender. */
export interface TxSink<T> {
  add(from: BaseWallet, to: string, data: string, gasLimit: bigint, tag: T): void;
}

export class BlockBuilder<T> implements TxSink<T> {
  private readonly nonces = new Map<string, number>();
  private queue: Queued<T>[] = [];
  blocks = 0;
  transactions = 0;
  logs = 0;

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly chainId: bigint,
    private readonly blockGasLimit: bigint,
  ) {}

  /** Reads each wallet's next nonce once; from then on the builder counts them. */
  async track(wallets: BaseWallet[]): Promise<void> {
    const counts = await Promise.all(wallets.map((w) => this.provider.getTransactionCount(w.address, 'pending')));
    wallets.forEach((w, i) => this.nonces.set(w.address, counts[i]));
  }

  get queued(): number {
    return this.queue.length;
  }

  add(from: BaseWallet, to: string, data: string, gasLimit: bigint, tag: T): void {
    const nonce = this.nonces.get(from.address);
    if (nonce === undefined) throw new Error(`BlockBuilder: ${from.address} is not tracked`);
    this.nonces.set(from.address, nonce + 1);
    // Signed when mined: the priority fee depends on the position in its block.
    this.queue.push({ from, to, data, nonce, gasLimit, tag });
  }

  /**
   * Mines everything queued in blocks at `timestamp`, `timestamp + 1`, ... (as many as the block gas
   * limit needs) and returns each transaction's outcome in queue order. Returns the last block's
   * timestamp (or `timestamp - 1` when nothing was queued).
   */
  async mineAt(timestamp: number): Promise<{ mined: MinedTx<T>[]; lastTimestamp: number }> {
    const mined: MinedTx<T>[] = [];
    let time = timestamp;
    while (this.queue.length > 0) {
      const chunk = this.takeChunk();
      const signed = chunk.map((q, i) => this.sign(q, chunk.length - i));
      await Promise.all(signed.map((s) => this.provider.send('eth_sendRawTransaction', [s.raw])));
      await this.provider.send('evm_mine', [time]);
      const receipts = (await this.provider.send('eth_getBlockReceipts', ['latest'])) as Array<{
        transactionHash: string;
        status: string;
        logs: RawLog[];
        gasUsed: string;
      }>;
      const byHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]));
      for (const s of signed) {
        const receipt = byHash.get(s.hash.toLowerCase());
        if (!receipt) throw new Error(`transaction ${s.hash} was not mined in the block at ${time} (dropped or another miner?)`);
        mined.push({ tag: s.tag, ok: receipt.status === '0x1', logs: receipt.logs, gasUsed: BigInt(receipt.gasUsed) });
        this.logs += receipt.logs.length;
      }
      this.blocks++;
      this.transactions += signed.length;
      time++;
    }
    return { mined, lastTimestamp: time - 1 };
  }

  private takeChunk(): Queued<T>[] {
    let gas = 0n;
    let n = 0;
    while (n < this.queue.length && (n === 0 || gas + this.queue[n].gasLimit <= this.blockGasLimit)) gas += this.queue[n++].gasLimit;
    return this.queue.splice(0, n);
  }

  private sign(q: Queued<T>, rank: number): { raw: string; hash: string; tag: T } {
    const tx = Transaction.from({
      type: 2,
      chainId: this.chainId,
      nonce: q.nonce,
      to: q.to,
      data: q.data,
      gasLimit: q.gasLimit,
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: BASE_PRIORITY_FEE + BigInt(rank),
      value: 0n,
    });
    tx.signature = q.from.signingKey.sign(tx.unsignedHash);
    return { raw: tx.serialized, hash: tx.hash as string, tag: q.tag };
  }
}
