import { Interface } from 'ethers';
import { inBuild, type PerpBuild } from './builds';
import {
  BEACON_EVENTS,
  BEACON_FUNCTIONS,
  PERP_ERRORS,
  PERP_EVENTS,
  PERP_FACTORY_ERRORS,
  PERP_FACTORY_EVENTS,
  PERP_FACTORY_FUNCTIONS,
  PERP_FUNCTIONS,
  POOL_MANAGER_EVENTS,
  POOL_MANAGER_FUNCTIONS,
  type FragmentSpec,
} from './fragments';

function signaturesFor(specs: readonly FragmentSpec[], build: PerpBuild): string[] {
  return specs.filter((spec) => inBuild(spec.build, build)).map((spec) => spec.signature);
}

/** The human-readable ABI of a `Perp` market of `build` (events, functions, errors). */
export function perpAbi(build: PerpBuild): string[] {
  return signaturesFor([...PERP_EVENTS, ...PERP_FUNCTIONS, ...PERP_ERRORS], build);
}

/** The human-readable ABI of a `PerpFactory` of `build`. */
export function perpFactoryAbi(build: PerpBuild): string[] {
  return signaturesFor([...PERP_FACTORY_EVENTS, ...PERP_FACTORY_FUNCTIONS, ...PERP_FACTORY_ERRORS], build);
}

export const BEACON_ABI: readonly string[] = [...BEACON_EVENTS, ...BEACON_FUNCTIONS].map((spec) => spec.signature);
export const POOL_MANAGER_ABI: readonly string[] = [...POOL_MANAGER_EVENTS, ...POOL_MANAGER_FUNCTIONS].map((spec) => spec.signature);

const perpInterfaces = new Map<PerpBuild, Interface>();
const factoryInterfaces = new Map<PerpBuild, Interface>();

/** An ethers `Interface` for a `Perp` of `build`: encode calls, decode results and reverts. */
export function perpInterface(build: PerpBuild): Interface {
  let iface = perpInterfaces.get(build);
  if (!iface) perpInterfaces.set(build, (iface = new Interface(perpAbi(build))));
  return iface;
}

/** An ethers `Interface` for a `PerpFactory` of `build`. */
export function perpFactoryInterface(build: PerpBuild): Interface {
  let iface = factoryInterfaces.get(build);
  if (!iface) factoryInterfaces.set(build, (iface = new Interface(perpFactoryAbi(build))));
  return iface;
}

export const BEACON_INTERFACE = new Interface(BEACON_ABI);
export const POOL_MANAGER_INTERFACE = new Interface(POOL_MANAGER_ABI);
