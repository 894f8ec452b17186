import { decodeProof, decodeSignals, encodeProof, encodeSignals, PROOF_BYTES, toSolidityProof } from './proof-encoding';

describe('proof and public signals encoding', () => {
  const snarkjsProof = {
    pi_a: ['1', '2', '1'],
    pi_b: [
      ['3', '4'],
      ['5', '6'],
      ['1', '0'],
    ],
    pi_c: ['7', '8', '1'],
    protocol: 'groth16',
    curve: 'bn128',
  };

  it("puts b's Fq2 pairs in the precompile's (imaginary, real) order and drops the projective 1s", () => {
    expect(toSolidityProof(snarkjsProof)).toEqual({
      a: [1n, 2n],
      b: [
        [4n, 3n],
        [6n, 5n],
      ],
      c: [7n, 8n],
    });
  });

  it('encodes the proof as 8 words, a, b, c in order, and decodes it back', () => {
    const solidity = toSolidityProof(snarkjsProof);
    const hex = encodeProof(solidity);
    expect((hex.length - 2) / 2).toBe(PROOF_BYTES);
    const words = Array.from({ length: 8 }, (_, i) => BigInt(`0x${hex.slice(2 + i * 64, 2 + (i + 1) * 64)}`));
    expect(words).toEqual([1n, 2n, 4n, 3n, 6n, 5n, 7n, 8n]);
    expect(decodeProof(hex)).toEqual(solidity);
    expect(() => decodeProof(`${hex}00`)).toThrow('a Groth16 proof is 256 bytes, got 257');
  });

  it('encodes public signals as abi.encode(uint256[])', () => {
    const hex = encodeSignals([5n, 6n, 7n]);
    expect(hex).toBe(`0x${[32n, 3n, 5n, 6n, 7n].map((w) => w.toString(16).padStart(64, '0')).join('')}`);
    expect(decodeSignals(hex)).toEqual([5n, 6n, 7n]);
  });
});
