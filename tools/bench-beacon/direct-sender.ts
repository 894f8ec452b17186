import { EcdsaBeacon__factory, encodeEcdsaInputs, measurementDigest, signMeasurementDigest, withGasHeadroom } from '@perp/contracts';
import { BaseWallet, FeeData, hexlify, JsonRpcProvider, keccak256, randomBytes, TransactionReceipt } from 'ethers';

const ecdsaBeacon = EcdsaBeacon__factory.createInterface();
const RECEIPT_TIMEOUT_MS = 60_000;

/**
 * The baseline: the same ECDSA updates sent straight from the pool's wallets with ethers, doing
 * the same work per update as the service (sign the measurement, simulate with estimateGas,
 * +25% gas, fees cached for 1 s, sign locally, broadcast, poll the receipt) minus everything
 * the service adds (HTTP, auth, Postgres journal, leases, beacon locks). Nonces come from a
 * counter per wallet, read once from the chain: the way a single process gets zero nonce errors.
 */
export class DirectSender {
  private readonly nextNonce = new Map<string, number>();
  private fees?: { at: number; value: Promise<FeeData> };
  nonceErrors = 0;

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly wallets: BaseWallet[],
    private readonly signer: BaseWallet,
    private readonly chainId: bigint,
    private readonly pollMs: number,
  ) {}

  async init(): Promise<void> {
    for (const wallet of this.wallets) this.nextNonce.set(wallet.address, await this.provider.getTransactionCount(wallet.address, 'pending'));
  }

  /** One update, from wallet `i % wallets`, until its receipt. */
  async update(i: number, beacon: string, adapter: string, measurement: bigint): Promise<TransactionReceipt> {
    const wallet = this.wallets[i % this.wallets.length];
    const nonce = this.nextNonce.get(wallet.address) ?? 0;
    this.nextNonce.set(wallet.address, nonce + 1);
    // The same validity as the service's default ECDSA_SIGNATURE_TTL_SECONDS.
    const signed = { measurement, nonce: BigInt(hexlify(randomBytes(32))), deadline: BigInt(Math.floor(Date.now() / 1000) + 300) };
    // The service's way of signing (the digest once, with a cached domain separator), so both paths do the same crypto.
    const proof = signMeasurementDigest(this.signer.signingKey, measurementDigest(adapter, this.chainId, signed));
    const data = ecdsaBeacon.encodeFunctionData('updateIndex', [proof, encodeEcdsaInputs(signed)]);
    const gasLimit = withGasHeadroom(await this.provider.estimateGas({ from: wallet.address, to: beacon, data }));
    const fees = await this.feeData();
    const raw = await wallet.signTransaction({
      type: 2,
      chainId: this.chainId,
      nonce,
      to: beacon,
      data,
      gasLimit,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    try {
      await this.provider.send('eth_sendRawTransaction', [raw]);
    } catch (error) {
      if (/nonce/i.test(String((error as Error).message))) this.nonceErrors++;
      throw error;
    }
    const hash = keccak256(raw);
    // Bounded: anvil can leave a pipelined transaction queued for good (it arrived while its
    // predecessor was being mined: seen once, nonce n+1 "queued" with the chain at n+1), and
    // the run should then report it unconfirmed instead of hanging.
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const receipt = await this.provider.getTransactionReceipt(hash);
      if (receipt) return receipt;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    throw new Error(`no receipt for ${hash} (wallet ${wallet.address}, nonce ${nonce}) in ${RECEIPT_TIMEOUT_MS} ms`);
  }

  private feeData(): Promise<FeeData> {
    if (!this.fees || Date.now() - this.fees.at > 1_000) this.fees = { at: Date.now(), value: this.provider.getFeeData() };
    return this.fees.value;
  }
}
