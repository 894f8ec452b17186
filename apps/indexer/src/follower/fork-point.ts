/**
 * The fork point after a reorg: among the blocks the store holds hashes of (ascending), the
 * highest one the chain still has. Blocks below a fork match and blocks above it do not, so a
 * binary search asks the node about log2(n) of them, not each. Undefined when none matches:
 * the reorg is deeper than the kept history.
 */
export async function findForkPoint<B extends { number: number }>(stored: readonly B[], onChain: (block: B) => Promise<boolean>): Promise<B | undefined> {
  let low = 0;
  let high = stored.length - 1;
  let found: B | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (await onChain(stored[middle])) {
      found = stored[middle];
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
