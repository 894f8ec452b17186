import { Injectable } from '@nestjs/common';
import { FeeData, JsonRpcProvider, keccak256, TransactionRequest, Wallet } from 'ethers';
import { isRevert, rpc } from '../chain/rpc-errors';
import { gasLimitFor } from '../gas-policy';
import { TransactionWouldRevertError } from './pool-errors';

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

  private async estimate(provider: JsonRpcProvider, tx: { from: string; to: string | null; data: string; value: bigint }): Promise<bigint> {
    try {
      const estimate = await rpc(() => provider.estimateGas(tx));
      return gasLimitFor(estimate);
    } catch (error) {
      if (isRevert(error)) throw new TransactionWouldRevertError((error as { reason?: string | null }).reason ?? null, error);
      throw error;
    }
  }

  /** Shared for a second by concurrent sends: fees barely move that fast, the node is spared. */
  private feeData(provider: JsonRpcProvider): Promise<FeeData> {
    if (!this.fees || Date.now() - this.fees.at > FEE_CACHE_MS) {
      const value = rpc(() => provider.getFeeData());
      this.fees = { at: Date.now(), value };
      value.catch(() => {
        if (this.fees?.value === value) this.fees = undefined;
      });
    }
    return this.fees.value;
  }
}
