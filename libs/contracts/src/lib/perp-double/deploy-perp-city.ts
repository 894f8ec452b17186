// The Perp City protocol double on a dev chain: the v4 PoolManager (the npm package's own build),
// the factory and its logic, the modules, and one market on an EcdsaBeacon. Dev chains and tests only.
import { randomBytes } from 'node:crypto';
import { MaxUint256, hexlify, toBigInt, type Signer } from 'ethers';
import {
  AccountingToken__factory,
  FeesModule__factory,
  FundingModule__factory,
  MarginRatiosModule__factory,
  PerpFactory__factory,
  PerpLogic__factory,
  Perp__factory,
  PoolManager__factory,
  PriceImpactModule__factory,
  PricingModule__factory,
  ProtocolFeeManager__factory,
  TestUSDC__factory,
} from '../../../generated/double-types';
import { EcdsaBeacon__factory } from '../../../generated/types';
import { mined } from '../deploy-beacon-system';
import { deployEcdsaBeacon } from '../deploy-ecdsa-beacon';
import { encodeEcdsaInputs, signMeasurement } from '../ecdsa-measurement';

const Q96 = 2n ** 96n;
const SEED_MAKER_GAS = 3_000_000n;
const WAD = 10n ** 18n;

/** The double's module parameters (fees and ratios scaled by 1e6, util fee per day by 1e18). */
export interface PerpCityModuleParams {
  creatorFee: bigint;
  insuranceFee: bigint;
  lpFee: bigint;
  liquidationFee: bigint;
  utilFeePerDayWad: bigint;
  /** Funding per day = (EMA(pool) - EMA(index)) / this many days. */
  fundingPremiumPeriodDays: bigint;
  takerRatios: { initial: bigint; liquidation: bigint; backstop: bigint };
  makerRatios: { initial: bigint; liquidation: bigint; backstop: bigint };
  /** The price-impact band around EMA(pool), as WAD factors. */
  priceImpact: { minFactorWad: bigint; maxFactorWad: bigint };
}

export const DEFAULT_PERP_CITY_MODULES: PerpCityModuleParams = {
  creatorFee: 1_000n, // 0.1 %
  insuranceFee: 500n, // 0.05 %
  lpFee: 2_000n, // 0.2 %
  liquidationFee: 5_000n, // 0.5 %
  utilFeePerDayWad: 10n ** 15n, // 0.1 % of the notional a day
  fundingPremiumPeriodDays: 1n,
  takerRatios: { initial: 100_000n, liquidation: 50_000n, backstop: 25_000n },
  makerRatios: { initial: 100_000n, liquidation: 50_000n, backstop: 25_000n },
  priceImpact: { minFactorWad: WAD / 2n, maxFactorWad: 2n * WAD },
};

export interface PerpCityOptions {
  /** The market's starting index, X96 (the beacon's first value; the pool opens there). */
  initialIndexX96: bigint;
  /**
   * The wallet whose EIP-712 signatures the new EcdsaBeacon accepts; it signs the first index here.
   * Ignored with `beacon`.
   */
  beaconSigner?: Signer;
  /** An existing beacon with an `index()` already set, instead of a new EcdsaBeacon. */
  beacon?: string;
  /** Inclusive range of the new EcdsaBeacon (default 1 .. 2^160). */
  beaconRange?: { min: bigint; max: bigint };
  name?: string;
  symbol?: string;
  tokenUri?: string;
  /** Seconds (default 3600, the deployed markets'). */
  emaWindow?: number;
  modules?: Partial<PerpCityModuleParams>;
  /** Protocol fee (1e6 of notional) and its cap (default 0 and 1 %). */
  protocolFee?: bigint;
  maxProtocolFee?: bigint;
  /**
   * A first maker band so takers can trade: liquidity across [tickLower, tickUpper] (default ±6000
   * ticks around the opening price, 1e12 liquidity), its margin minted as test USDC for the deployer.
   * `false` opens none.
   */
  seedMaker?: false | { liquidity?: bigint; tickLower?: number; tickUpper?: number; margin?: bigint };
}

export interface PerpCityAddresses {
  poolManager: string;
  usdc: string;
  protocolFeeManager: string;
  accountingTokenImplementation: string;
  perpLogic: string;
  factory: string;
  modules: { beacon: string; fees: string; funding: string; marginRatios: string; priceImpact: string; pricing: string };
  /** The EcdsaBeacon's verifier adapter (undefined with `options.beacon`). */
  beaconAdapter?: string;
  perp: string;
  poolId: string;
  /** The seed maker's position id, when one was opened. */
  seedMakerPosId?: bigint;
}

/**
 * Signs `measurement` with `signer` for an EcdsaBeacon's adapter and sends it (`updateIndex`) from `sender`.
 * The nonce is random and the deadline an hour past the latest block.
 */
export async function pushEcdsaIndex(beaconAddress: string, signer: Signer, sender: Signer, measurement: bigint): Promise<void> {
  const provider = sender.provider;
  if (!provider) throw new Error('pushEcdsaIndex: the sender has no provider');
  const beacon = EcdsaBeacon__factory.connect(beaconAddress, sender);
  const adapter = await beacon.verifierAdapter();
  const { chainId } = await provider.getNetwork();
  const latest = await provider.getBlock('latest');
  const value = { measurement, nonce: toBigInt(randomBytes(32)), deadline: BigInt((latest?.timestamp ?? 0) + 3600) };
  const proof = await signMeasurement(signer, adapter, chainId, value);
  // An explicit gas limit, not the estimate: under load a full test run once saw an estimated update
  // mined with status 0 after 63,415 gas (not reproduced alone; the limit is far above an update's use).
  await mined(beacon.updateIndex(proof, encodeEcdsaInputs(value), { nonce: await sender.getNonce('pending'), gasLimit: 300_000n }));
}

/** The nearest usable tick (a multiple of `spacing`) at or below `tick`. */
function floorTick(tick: number, spacing: number): number {
  return Math.floor(tick / spacing) * spacing;
}

/**
 * Deploys the Perp City double and one market: the PoolManager from @uniswap/v4-core's shipped build,
 * test USDC, a ProtocolFeeManager, the accounting-token implementation, PerpLogic, the PerpFactory, the
 * five modules, an EcdsaBeacon (or `options.beacon`) set to `initialIndexX96`, the market
 * (`createPerp`), and by default a seed maker. The deployer's provider must not cache
 * eth_getTransactionCount (ethers: `cacheTimeout: -1`): each step reads its nonce.
 */
export async function deployPerpCity(deployer: Signer, options: PerpCityOptions): Promise<PerpCityAddresses> {
  const me = await deployer.getAddress();
  const nonce = async () => ({ nonce: await deployer.getNonce('pending') });
  const deployed = async <T extends { waitForDeployment(): Promise<T>; getAddress(): Promise<string> }>(contract: Promise<T>) =>
    (await (await contract).waitForDeployment()).getAddress();
  const p = { ...DEFAULT_PERP_CITY_MODULES, ...options.modules };

  const poolManager = await deployed(new PoolManager__factory(deployer).deploy(me, await nonce()));
  const usdc = await deployed(new TestUSDC__factory(deployer).deploy(await nonce()));
  const protocolFeeManager = await deployed(new ProtocolFeeManager__factory(deployer).deploy(me, options.maxProtocolFee ?? 10_000n, await nonce()));
  if (options.protocolFee) await mined(ProtocolFeeManager__factory.connect(protocolFeeManager, deployer).setProtocolFee(options.protocolFee, await nonce()));
  const accountingTokenImplementation = await deployed(new AccountingToken__factory(deployer).deploy(await nonce()));
  const perpLogic = await deployed(new PerpLogic__factory(deployer).deploy(await nonce()));
  const factory = await deployed(
    new PerpFactory__factory(deployer).deploy(accountingTokenImplementation, protocolFeeManager, poolManager, usdc, perpLogic, await nonce()),
  );

  const fees = await deployed(
    new FeesModule__factory(deployer).deploy(p.creatorFee, p.insuranceFee, p.lpFee, p.liquidationFee, p.utilFeePerDayWad, await nonce()),
  );
  const funding = await deployed(new FundingModule__factory(deployer).deploy(p.fundingPremiumPeriodDays, await nonce()));
  const marginRatios = await deployed(
    new MarginRatiosModule__factory(deployer).deploy(
      p.takerRatios.initial,
      p.takerRatios.liquidation,
      p.takerRatios.backstop,
      p.makerRatios.initial,
      p.makerRatios.liquidation,
      p.makerRatios.backstop,
      await nonce(),
    ),
  );
  const priceImpact = await deployed(
    new PriceImpactModule__factory(deployer).deploy(p.priceImpact.minFactorWad, p.priceImpact.maxFactorWad, 0n, await nonce()),
  );
  const pricing = await deployed(new PricingModule__factory(deployer).deploy(await nonce()));

  let beacon = options.beacon;
  let beaconAdapter: string | undefined;
  if (!beacon) {
    if (!options.beaconSigner) throw new Error('deployPerpCity: pass beaconSigner (to sign the first index) or an existing beacon');
    const range = options.beaconRange ?? { min: 1n, max: 2n ** 160n };
    const created = await deployEcdsaBeacon(deployer, { signer: await options.beaconSigner.getAddress(), min: range.min, max: range.max });
    beacon = created.beacon;
    beaconAdapter = created.adapter;
    await pushEcdsaIndex(beacon, options.beaconSigner, deployer, options.initialIndexX96);
  }

  const modules = { beacon, fees, funding, marginRatios, priceImpact, pricing };
  const perpFactory = PerpFactory__factory.connect(factory, deployer);
  const receipt = await (
    await perpFactory.createPerp(
      me,
      options.name ?? 'Dev Perp',
      options.symbol ?? 'DEV-PERP',
      options.tokenUri ?? '',
      modules,
      options.emaWindow ?? 3600,
      hexlify(randomBytes(32)),
      await nonce(),
    )
  ).wait();
  const created = receipt?.logs
    .filter((log) => log.address.toLowerCase() === factory.toLowerCase())
    .map((log) => perpFactory.interface.parseLog(log))
    .find((log) => log?.name === 'PerpCreated');
  if (!created) throw new Error('createPerp emitted no PerpCreated');
  const perp = created.args['perp'] as string;
  const result: PerpCityAddresses = {
    poolManager,
    usdc,
    protocolFeeManager,
    accountingTokenImplementation,
    perpLogic,
    factory,
    modules,
    beaconAdapter,
    perp,
    poolId: created.args['poolId'] as string,
  };

  if (options.seedMaker !== false) {
    const seed = options.seedMaker ?? {};
    const tick = Number(created.args['tick']);
    const spacing = 30;
    const tickLower = seed.tickLower ?? floorTick(tick - 6000, spacing);
    const tickUpper = seed.tickUpper ?? floorTick(tick + 6000, spacing) + spacing;
    const liquidity = seed.liquidity ?? 10n ** 12n;
    const margin = seed.margin ?? seedMakerMargin(options.initialIndexX96, liquidity);
    const usdcToken = TestUSDC__factory.connect(usdc, deployer);
    await mined(usdcToken.mint(me, margin, await nonce()));
    await mined(usdcToken.approve(perp, MaxUint256, await nonce()));
    const market = Perp__factory.connect(perp, deployer);
    const opened = await // A fixed gas limit: an estimate made in the second of createPerp's block skips the first accrual, which the
    // mined transaction may run (fresh storage slots), and would come out short.
    (
      await market.openMaker(
        { holder: me, margin, tickLower, tickUpper, liquidity, maxAmt0In: MaxUint256, maxAmt1In: MaxUint256 },
        { ...(await nonce()), gasLimit: SEED_MAKER_GAS },
      )
    ).wait();
    const makerOpened = opened?.logs
      .filter((log) => log.address.toLowerCase() === perp.toLowerCase())
      .map((log) => market.interface.parseLog(log))
      .find((log) => log?.name === 'MakerOpened');
    result.seedMakerPosId = makerOpened?.args['posId'] as bigint | undefined;
  }
  return result;
}

/**
 * A margin that covers the default band: its value is at most about 2 * liquidity * sqrt(price)
 * (USD atoms); half of that clears any initial ratio up to 25 %.
 */
function seedMakerMargin(indexX96: bigint, liquidity: bigint): bigint {
  const sqrtPrice = sqrtBig(indexX96 * Q96);
  return (liquidity * sqrtPrice) / Q96;
}

function sqrtBig(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}
