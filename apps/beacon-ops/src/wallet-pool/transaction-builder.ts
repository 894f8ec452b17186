import { Injectable } from '@nestjs/common';
import { FeeData, JsonRpcProvider, keccak256, Transaction, TransactionRequest, Wallet } from 'ethers';
import { isRevert } from '../chain/rpc-errors';
import { gasLimitFor } from '../gas-policy';
import { countedRpc } from './counted-rpc';
import { TransactionWouldRevertError } from './pool-errors';

/** A replacement must pay at least 10 % more on both fees (geth, anvil); 12.5 % clears it with rounding to spare. */
const BUMP_NUMERATOR = 1125n;
const BUMP_DENOMINATOR = 1000n;

const FEE_CACHE_MS = 1_000;

/** A transaction ready to sign but for its nonce. */
export interface PreparedTransaction {
  to: string | null;
  data: string;
  value: bigint;
  gasLimit: bigint;
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };
  /** The most it can cost the wallet: gasLimit * max fee + value. */
  maxCost: bigint;
}

export interface SignedTransaction {
  rawTx: string;
  hash: string;
}

/**
 * Completes the caller's transaction (gas limit, fees) and signs it locally with an explicit
 * nonce and chain id, so the journal holds the exact bytes before any node sees them.
 */
@Injectable()
export class TransactionBuilder {
  private fees?: { at: number; value: Promise<FeeData> };

  async prepare(provider: JsonRpcProvider, from: string, request: TransactionRequest): Promise<PreparedTransaction> {
    const to = request.to === undefined || request.to === null ? null : String(request.to);
    const data = request.data ?? '0x';
    const value = request.value === undefined || request.value === null ? 0n : BigInt(request.value);
    const gasLimit =
      request.gasLimit !== undefined && request.gasLimit !== null ? BigInt(request.gasLimit) : await this.estimate(provider, { from, to, data, value });
    const feeData = await this.feeData(provider);
    const fees: PreparedTransaction['fees'] =
      feeData.maxFeePerGas !== null && feeData.maxPriorityFeePerGas !== null
        ? { maxFeePerGas: feeData.maxFeePerGas, maxPriorityFeePerGas: feeData.maxPriorityFeePerGas }
        : { gasPrice: feeData.gasPrice ?? 0n };
    const perGas = 'maxFeePerGas' in fees ? fees.maxFeePerGas : fees.gasPrice;
    return { to, data, value, gasLimit, fees, maxCost: gasLimit * perGas + value };
  }

  async sign(wallet: Wallet, prepared: PreparedTransaction, nonce: number, chainId: bigint): Promise<SignedTransaction> {
    const rawTx = await wallet.signTransaction({
      type: 'maxFeePerGas' in prepared.fees ? 2 : 0,
      chainId,
      nonce,
      to: prepared.to,
      data: prepared.data,
      value: prepared.value,
      gasLimit: prepared.gasLimit,
      ...prepared.fees,
    });
    return { rawTx, hash: keccak256(rawTx) };
  }

  /**
   * The same transaction (nonce, call, gas limit) with fees raised by 12.5 %, or to the node's
   * current fees when those are higher: a re-send of a dropped or stuck nonce that the node
   * accepts as its replacement.
   */
  async bump(wallet: Wallet, rawTx: string, provider: JsonRpcProvider): Promise<SignedTransaction & { maxCost: bigint }> {
    const tx = Transaction.from(rawTx);
    const current = await this.feeData(provider).catch(() => null);
    const raise = (old: bigint | null, now: bigint | null | undefined) => {
      const bumped = ((old ?? 0n) * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR + 1n;
      return now && now > bumped ? now : bumped;
    };
    const fees: PreparedTransaction['fees'] =
      tx.type === 2
        ? { maxFeePerGas: raise(tx.maxFeePerGas, current?.maxFeePerGas), maxPriorityFeePerGas: raise(tx.maxPriorityFeePerGas, current?.maxPriorityFeePerGas) }
        : { gasPrice: raise(tx.gasPrice, current?.gasPrice) };
    const perGas = 'maxFeePerGas' in fees ? fees.maxFeePerGas : fees.gasPrice;
    const prepared: PreparedTransaction = { to: tx.to, data: tx.data, value: tx.value, gasLimit: tx.gasLimit, fees, maxCost: tx.gasLimit * perGas + tx.value };
    return { ...(await this.sign(wallet, prepared, tx.nonce, tx.chainId)), maxCost: prepared.maxCost };
  }

  private async estimate(provider: JsonRpcProvider, tx: { from: string; to: string | null; data: string; value: bigint }): Promise<bigint> {
    try {
      const estimate = await countedRpc(() => provider.estimateGas(tx));
      return gasLimitFor(estimate);
    } catch (error) {
      if (isRevert(error)) throw new TransactionWouldRevertError((error as { reason?: string | null }).reason ?? null, error);
      throw error;
    }
  }

  /** Shared for a second by concurrent sends: fees barely move that fast, the node is spared. */
  private feeData(provider: JsonRpcProvider): Promise<FeeData> {
    if (!this.fees || Date.now() - this.fees.at > FEE_CACHE_MS) {
      const value = countedRpc(() => provider.getFeeData());
      this.fees = { at: Date.now(), value };
      value.catch(() => {
        if (this.fees?.value === value) this.fees = undefined;
      });
    }
    return this.fees.value;
  }
}
