/**
 * The two Perp City contract builds live on Arbitrum One. A market is one of them for life:
 * the factory that created it decides (a v0.2.2 market's pool key names a hook, a v0.1.0
 * pool has none).
 */
export const PERP_BUILDS = ['v0.1.0', 'v0.2.2-upgradeable'] as const;
export type PerpBuild = (typeof PERP_BUILDS)[number];

/** Where a fragment exists: one build, or both. */
export type BuildTag = PerpBuild | 'both';

export interface PerpBuildInfo {
  readonly build: PerpBuild;
  /** Commit of the perpcity-contracts repository the build was compiled from. */
  readonly commit: string;
  /** A factory known to create markets of this build on Arbitrum One (lowercase). */
  readonly arbitrumOneFactory: string;
}

export const PERP_BUILD_INFO: Readonly<Record<PerpBuild, PerpBuildInfo>> = {
  'v0.1.0': {
    build: 'v0.1.0',
    commit: '58b42b7',
    // The factory of the HORMUZ-COUNT market (PerpCreated at block 486214447).
    arbitrumOneFactory: '0xce0c5f65a5eda69a1dfb3f3273749b649abc4ec6',
  },
  'v0.2.2-upgradeable': {
    build: 'v0.2.2-upgradeable',
    commit: '198559a',
    arbitrumOneFactory: '0x90c8cb83c4257156bf3ee0c9bb8f164b20a04da1',
  },
};

/** The Uniswap v4 PoolManager on Arbitrum One (lowercase). */
export const ARBITRUM_ONE_POOL_MANAGER = '0x360e68faccca8ca495c1b759fd9eee466db9fb32';

/** True when a fragment tagged `tag` exists on `build`. */
export function inBuild(tag: BuildTag, build: PerpBuild): boolean {
  return tag === 'both' || tag === build;
}

const ZERO_ADDRESS = /^0x0{40}$/i;

/**
 * A market's build from its pool's hook (`poolKey().hooks`, or `hooks` of the PoolManager's
 * `Initialize` in the market's creation tx): a v0.1.0 pool has no hook, a v0.2.2 pool carries
 * the `PerpGuardHook`.
 */
export function buildFromPoolHooks(hooks: string): PerpBuild {
  return ZERO_ADDRESS.test(hooks) ? 'v0.1.0' : 'v0.2.2-upgradeable';
}
