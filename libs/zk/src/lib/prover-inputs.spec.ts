import { SNARK_SCALAR_FIELD } from './beacon-circuit';
import { beaconField, checkMeasurements, parseMeasurements, parseNonce, randomNonce } from './prover-inputs';

describe('prover inputs', () => {
  it('parses 4 decimal measurements within [0, 2^64)', () => {
    expect(parseMeasurements('1, 2,3 ,4')).toEqual([1n, 2n, 3n, 4n]);
    expect(parseMeasurements(`0,0,0,${2n ** 64n - 1n}`)).toEqual([0n, 0n, 0n, 2n ** 64n - 1n]);
  });

  it.each([
    ['1,2,3', 'expected 4 measurements, got 3'],
    ['1,2,3,4,5', 'expected 4 measurements, got 5'],
    ['1,2,x,4', 'measurement 3 ("x") is not a non-negative decimal integer'],
    ['1,-2,3,4', 'measurement 2 ("-2") is not a non-negative decimal integer'],
    ['1.5,2,3,4', 'measurement 1 ("1.5") is not a non-negative decimal integer'],
    [`1,2,3,${2n ** 64n}`, `measurement 4 (${2n ** 64n}) is outside [0, ${2n ** 64n - 1n}]`],
  ])('refuses %s', (text, message) => {
    expect(() => parseMeasurements(text)).toThrow(message);
  });

  it('refuses a negative measurement given as a bigint', () => {
    expect(() => checkMeasurements([1n, -1n, 0n, 0n])).toThrow('measurement 2 (-1) is outside');
  });

  it('takes the beacon as a 20-byte address', () => {
    expect(beaconField('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(0x70997970c51812dc3a010c7d01b50e0d17dc79c8n);
    expect(beaconField('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(0x70997970c51812dc3a010c7d01b50e0d17dc79c8n);
    for (const bad of ['0x1234', 'nope', '70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x70997970C51812dc3A010C7d01b50e0d17dc79c9']) {
      expect(() => beaconField(bad)).toThrow(`beacon "${bad}" is not a 0x-prefixed 20-byte address`);
    }
  });

  it('takes a nonce below the field size; the default is 128 random bits', () => {
    expect(parseNonce('42')).toBe(42n);
    expect(() => parseNonce('-1')).toThrow('nonce "-1" is not a non-negative decimal integer');
    expect(() => parseNonce(String(SNARK_SCALAR_FIELD))).toThrow('nonce must be within');
    const nonces = new Set(Array.from({ length: 5 }, randomNonce));
    expect(nonces.size).toBe(5);
    for (const n of nonces) expect(n < 2n ** 128n).toBe(true);
  });
});
