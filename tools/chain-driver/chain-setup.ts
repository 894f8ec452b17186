// The driven chain's fixed parts: its wallets (dev-mnemonic accounts past anvil's ten, so they never
// share a nonce with the dev stack's own wallets), the Perp City double, one market per preset market
// on its own EcdsaBeacon (or the given beacon for market 0), and Multicall3 for the indexer.
import { Contract, HDNodeWallet, Mnemonic, keccak256, toUtf8Bytes, type BaseWallet, type JsonRpcProvider } from 'ethers';
import { Multicall3__factory, deployEcdsaBeacon } from '@perp/contracts';
import { PerpFactory__factory, deployPerpCity, pushEcdsaIndex, type PerpCityAddresses } from '@perp/contracts/testing';
import { ANVIL_MNEMONIC } from '@perp/local-infra';
import { themedMarket } from '@perp/market-sim';

/** Accounts 0-9 are anvil's funded defaults, which the dev stack and beacon-ops use. */
export const DEFAULT_WALLET_OFFSET = 10;
const WALLET_BALANCE_WEI = 10n ** 24n; // 1M ether: gas never runs out, whatever the preset

export interface DriverWallets {
  deployer: BaseWallet;
  /** Signs the EIP-712 measurements of the beacons this driver creates. */
  beaconSigner: BaseWallet;
  /** Sends index updates. */
  indexSender: BaseWallet;
  /** Sends liquidations. */
  keeper: BaseWallet;
  traders: BaseWallet[];
}

/** The driver's i-th account (0 deployer, 1 beacon signer, 2 index sender, 3 keeper, 4.. traders). */
function driverAccount(i: number, offset: number): HDNodeWallet {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${offset + i}`);
}

export function driverWallets(provider: JsonRpcProvider, traders: number, offset = DEFAULT_WALLET_OFFSET): DriverWallets {
  const at = (i: number) => driverAccount(i, offset).connect(provider);
  return { deployer: at(0), beaconSigner: at(1), indexSender: at(2), keeper: at(3), traders: Array.from({ length: traders }, (_, i) => at(4 + i)) };
}

/** The key that signs the measurements of the beacons the driver creates (no provider: it only signs). */
export function driverBeaconSigner(offset = DEFAULT_WALLET_OFFSET): BaseWallet {
  return driverAccount(1, offset);
}

export function allWallets(w: DriverWallets): BaseWallet[] {
  return [w.deployer, w.indexSender, w.keeper, ...w.traders];
}

/** Funds the wallets by decree (anvil_setBalance): no transaction from an account the dev stack may be using. */
export async function fundWallets(provider: JsonRpcProvider, wallets: BaseWallet[]): Promise<void> {
  await Promise.all(wallets.map((w) => provider.send('anvil_setBalance', [w.address, `0x${WALLET_BALANCE_WEI.toString(16)}`])));
}

export interface MarketBeacon {
  address: string;
  adapter: string;
  signer: BaseWallet;
}

/** Market i's on-chain name and symbol: market-sim's themes, so the dev chain's markets read like the simulator's. */
export function marketName(i: number): { name: string; symbol: string } {
  const { name, symbol } = themedMarket(i);
  return { name, symbol };
}

export interface DeployedMarket {
  perp: string;
  poolId: string;
  beacon: MarketBeacon;
  initialIndexX96: bigint;
}

export interface DeployedSystem {
  addresses: PerpCityAddresses;
  multicall3: string;
  markets: DeployedMarket[];
}

const RANGE_ABI = ['function MIN_MEASUREMENT() view returns (uint256)', 'function MAX_MEASUREMENT() view returns (uint256)'];

/** An EcdsaBeacon's accepted measurement range, read from its adapter. */
export async function beaconRange(provider: JsonRpcProvider, adapter: string): Promise<{ min: bigint; max: bigint }> {
  const c = new Contract(adapter, RANGE_ABI, provider);
  const [min, max] = await Promise.all([c.getFunction('MIN_MEASUREMENT')() as Promise<bigint>, c.getFunction('MAX_MEASUREMENT')() as Promise<bigint>]);
  return { min, max };
}

export async function adapterOf(provider: JsonRpcProvider, beacon: string): Promise<string> {
  return (await new Contract(beacon, ['function verifierAdapter() view returns (address)'], provider).getFunction('verifierAdapter')()) as string;
}

/**
 * Deploys the double with market 0 (deployPerpCity, no seed maker: the driver opens its own), then
 * markets 1.. on the same factory and modules, each on a new EcdsaBeacon set to its first index.
 * Automine must be on: each step waits for its receipt.
 */
export async function deploySystem(
  wallets: DriverWallets,
  initialIndexes: bigint[],
  options: { seed: string; beacon0?: { address: string; signer: BaseWallet }; multicall3?: string },
): Promise<DeployedSystem> {
  const { deployer, beaconSigner } = wallets;
  const provider = deployer.provider as JsonRpcProvider;
  // Before any market: the indexer reads each new market through Multicall3 at its creation block.
  let multicall3 = options.multicall3;
  if (!multicall3) {
    const deployed = await (await new Multicall3__factory(deployer).deploy({ nonce: await deployer.getNonce('pending') })).waitForDeployment();
    multicall3 = await deployed.getAddress();
  }
  const beacon0 = options.beacon0;
  if (beacon0) {
    const adapter = await adapterOf(provider, beacon0.address);
    const range = await beaconRange(provider, adapter);
    if (initialIndexes[0] < range.min || initialIndexes[0] > range.max)
      throw new Error(
        `the beacon ${beacon0.address} accepts measurements in [${range.min}, ${range.max}], which cannot carry an X96 index near ${initialIndexes[0]}: give it a range over X96 prices`,
      );
    await pushEcdsaIndex(beacon0.address, beacon0.signer, deployer, initialIndexes[0]);
  }
  const addresses = await deployPerpCity(deployer, {
    initialIndexX96: initialIndexes[0],
    ...(beacon0 ? { beacon: beacon0.address } : { beaconSigner }),
    ...marketName(0),
    seedMaker: false,
  });
  const markets: DeployedMarket[] = [
    {
      perp: addresses.perp,
      poolId: addresses.poolId,
      beacon: beacon0
        ? { address: beacon0.address, adapter: await adapterOf(provider, beacon0.address), signer: beacon0.signer }
        : { address: addresses.modules.beacon, adapter: addresses.beaconAdapter as string, signer: beaconSigner },
      initialIndexX96: initialIndexes[0],
    },
  ];
  const factory = PerpFactory__factory.connect(addresses.factory, deployer);
  for (let i = 1; i < initialIndexes.length; i++) {
    const beacon = await deployEcdsaBeacon(deployer, { signer: beaconSigner.address, min: 1n, max: 2n ** 160n });
    await pushEcdsaIndex(beacon.beacon, beaconSigner, deployer, initialIndexes[i]);
    // A salt from the seed: the same seed gives the same market addresses on a fresh chain.
    const salt = keccak256(toUtf8Bytes(`${options.seed}/market/${i}`));
    const { name, symbol } = marketName(i);
    const tx = await factory.createPerp(deployer.address, name, symbol, '', { ...addresses.modules, beacon: beacon.beacon }, 3600, salt, {
      nonce: await deployer.getNonce('pending'),
    });
    const receipt = await tx.wait();
    const created = receipt?.logs.map((l) => factory.interface.parseLog(l)).find((l) => l?.name === 'PerpCreated');
    if (!created) throw new Error(`createPerp of market ${i} emitted no PerpCreated`);
    markets.push({
      perp: created.args['perp'] as string,
      poolId: created.args['poolId'] as string,
      beacon: { address: beacon.beacon, adapter: beacon.adapter, signer: beaconSigner },
      initialIndexX96: initialIndexes[i],
    });
  }
  return { addresses, multicall3, markets };
}
