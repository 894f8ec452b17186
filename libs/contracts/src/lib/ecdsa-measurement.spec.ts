import fc from 'fast-check';
import { TypedDataEncoder, Wallet } from 'ethers';
import { MEASUREMENT_TYPES, measurementDigest, measurementDomain, signMeasurement, signMeasurementDigest } from './ecdsa-measurement';

const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => '0x' + Buffer.from(bytes).toString('hex'));

describe('measurementDigest', () => {
  it("is ethers' generic EIP-712 hash of the Measurement struct, for any values, adapter and chain", () => {
    fc.assert(
      fc.property(address, fc.bigInt({ min: 1n, max: 2n ** 64n }), uint256, uint256, uint256, (adapter, chainId, measurement, nonce, deadline) => {
        const value = { measurement, nonce, deadline };
        expect(measurementDigest(adapter, chainId, value)).toBe(TypedDataEncoder.hash(measurementDomain(adapter, chainId), MEASUREMENT_TYPES, value));
      }),
      { numRuns: 200 },
    );
  });

  it('gives another digest for another adapter or chain (the domain separator is cached per both)', () => {
    const value = { measurement: 1n, nonce: 2n, deadline: 3n };
    const a = '0x' + '11'.repeat(20);
    const b = '0x' + '22'.repeat(20);
    expect(measurementDigest(a, 1n, value)).not.toBe(measurementDigest(b, 1n, value));
    expect(measurementDigest(a, 1n, value)).not.toBe(measurementDigest(a, 2n, value));
    expect(measurementDigest(a.toUpperCase().replace('0X', '0x'), 1n, value)).toBe(measurementDigest(a, 1n, value));
  });
});

describe('signMeasurementDigest', () => {
  it('signs exactly what signTypedData signs (deterministic signatures)', async () => {
    const wallet = new Wallet('0x' + '42'.repeat(32));
    const adapter = '0x' + '33'.repeat(20);
    for (const value of [
      { measurement: 0n, nonce: 0n, deadline: 0n },
      { measurement: 55n, nonce: 2n ** 255n + 7n, deadline: 1_800_000_000n },
    ]) {
      expect(signMeasurementDigest(wallet.signingKey, measurementDigest(adapter, 31337n, value))).toBe(await signMeasurement(wallet, adapter, 31337n, value));
    }
  });
});
