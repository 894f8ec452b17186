import { AbiCoder, FunctionFragment, getAddress, hexlify, type ParamType } from 'ethers';
import fc from 'fast-check';
import { PERP_BUILD_INFO } from './builds';
import { buildFromPoolHooks, PERP_BUILDS } from './builds';
import { BEACON_INTERFACE, perpAbi, perpFactoryAbi, perpFactoryInterface, perpInterface, POOL_MANAGER_INTERFACE } from './interfaces';

describe('per-build interfaces', () => {
  const v010 = perpInterface('v0.1.0');
  const v022 = perpInterface('v0.2.2-upgradeable');

  it('liquidations: whole-position (2 args) on v0.1.0, by amount (3 args) on v0.2.2', () => {
    expect(v010.getFunction('liquidateTaker')?.selector).toBe('0xeac41906');
    expect(v022.getFunction('liquidateTaker')?.selector).toBe('0xbfb4b1c7');
    expect(v010.getFunction('liquidateMaker')?.selector).toBe('0xaafaf674');
    expect(v022.getFunction('liquidateMaker')?.selector).toBe('0x14ca0f4c');
    const recipient = '0x' + '11'.repeat(20);
    expect(v022.encodeFunctionData('liquidateTaker', [7n, recipient, 1_000_000n])).toBe(
      '0xbfb4b1c7' + AbiCoder.defaultAbiCoder().encode(['uint256', 'address', 'uint128'], [7n, recipient, 1_000_000n]).slice(2),
    );
  });

  it('emas() exists on v0.1.0 only; HOOKS() on v0.2.2 only', () => {
    expect(v010.getFunction('emas')).not.toBeNull();
    expect(v022.getFunction('emas')).toBeNull();
    expect(v022.getFunction('HOOKS')?.selector).toBe('0xdce1561d');
    expect(v010.getFunction('HOOKS')).toBeNull();
  });

  it('close events: tailed on v0.1.0, untailed plus *Liquidated on v0.2.2', () => {
    expect(v010.getEvent('TakerClosed')?.inputs.map((input) => input.name)).toEqual(['posId', 'sr', 'funding', 'utilFees', 'liqFee', 'isLiquidation']);
    expect(v022.getEvent('TakerClosed')?.inputs.map((input) => input.name)).toEqual(['posId', 'sr', 'funding', 'utilFees']);
    expect(v010.getEvent('TakerLiquidated')).toBeNull();
    expect(v022.getEvent('TakerLiquidated')?.inputs[0].indexed).toBe(true);
  });

  it('decodes a view result: positions() of a taker', () => {
    const delta = (3_000_000n << 128n) - 150_000_000n;
    const encoded = AbiCoder.defaultAbiCoder().encode(
      ['int256', 'uint128', 'uint24', 'uint24', 'int256'],
      [delta, 20_000_000n, 50_000n, 40_000n, -(1n << 90n)],
    );
    const result = v022.decodeFunctionResult('positions', encoded);
    expect(result.toObject()).toEqual({ delta, margin: 20_000_000n, liqMarginRatio: 50_000n, backstopMarginRatio: 40_000n, lastCumlFundingX96: -(1n << 90n) });
  });

  it('the unverified v0.1.0 admin surface is not in the v0.2.2 interface', () => {
    expect(perpAbi('v0.1.0')).toContain('function owner() view returns (address)');
    expect(perpAbi('v0.2.2-upgradeable')).not.toContain('function owner() view returns (address)');
    expect(perpFactoryAbi('v0.2.2-upgradeable')).toContain('error NotProtocolOwner()');
  });

  it('beacon, PoolManager and build metadata', () => {
    expect(BEACON_INTERFACE.getFunction('index')?.selector).toBe('0x2986c0e5');
    expect(POOL_MANAGER_INTERFACE.getFunction('extsload(bytes32[])')?.selector).toBe('0xdbd035ff');
    expect(PERP_BUILD_INFO['v0.1.0'].commit).toBe('58b42b7');
    expect(buildFromPoolHooks('0x' + '00'.repeat(20))).toBe('v0.1.0');
    expect(buildFromPoolHooks('0x' + '8a'.repeat(20))).toBe('v0.2.2-upgradeable');
  });
});

/** Values ethers encodes and returns unchanged (addresses checksummed, bytes lowercase). */
function valueFor(param: ParamType): fc.Arbitrary<unknown> {
  if (param.isTuple()) return fc.tuple(...param.components.map(valueFor));
  if (param.isArray()) return fc.array(valueFor(param.arrayChildren), { maxLength: 4 });
  const match = /^(u?)int(\d+)$/.exec(param.type);
  if (match) {
    const bits = BigInt(match[2]);
    return match[1] ? fc.bigInt(0n, (1n << bits) - 1n) : fc.bigInt(-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n);
  }
  if (param.type === 'address') return fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(hexlify(bytes)));
  if (param.type === 'bool') return fc.boolean();
  if (param.type === 'string') return fc.string({ maxLength: 40 });
  const fixed = /^bytes(\d+)$/.exec(param.type);
  if (fixed) return fc.uint8Array({ minLength: Number(fixed[1]), maxLength: Number(fixed[1]) }).map((bytes) => hexlify(bytes));
  if (param.type === 'bytes') return fc.uint8Array({ maxLength: 100 }).map((bytes) => hexlify(bytes));
  throw new Error(`no arbitrary for ${param.type}`);
}

/** ethers Result (nested) to plain arrays, for comparison with the generated values. */
function plain(value: unknown): unknown {
  return Array.isArray(value) ? Array.from(value, plain) : value;
}

describe('calldata round trip: encode a call with the Interface, parse it back, equal', () => {
  const interfaces = [
    ...PERP_BUILDS.flatMap((build) => [[`Perp ${build}`, perpInterface(build)] as const, [`PerpFactory ${build}`, perpFactoryInterface(build)] as const]),
    ['Beacon', BEACON_INTERFACE] as const,
    ['PoolManager', POOL_MANAGER_INTERFACE] as const,
  ];
  const cases = interfaces.flatMap(([label, iface]) => {
    const functions: FunctionFragment[] = [];
    iface.forEachFunction((fragment) => functions.push(fragment));
    return functions.map((fragment) => [`${label}: ${fragment.format('sighash')}`, iface, fragment] as const);
  });

  it.each(cases)('%s', (_label, iface, fragment) => {
    fc.assert(
      fc.property(fc.tuple(...fragment.inputs.map(valueFor)), (values) => {
        const data = iface.encodeFunctionData(fragment, values);
        expect(data.slice(0, 10)).toBe(fragment.selector);
        const parsed = iface.parseTransaction({ data });
        expect(parsed?.fragment.format('sighash')).toBe(fragment.format('sighash'));
        expect(plain(parsed?.args)).toEqual(values);
      }),
      { numRuns: 10 },
    );
  });
});
