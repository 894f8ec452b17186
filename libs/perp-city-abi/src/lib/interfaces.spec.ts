import { AbiCoder } from 'ethers';
import { PERP_BUILD_INFO } from './builds';
import { BEACON_INTERFACE, perpAbi, perpFactoryAbi, perpInterface, POOL_MANAGER_INTERFACE } from './interfaces';

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
  });
});
