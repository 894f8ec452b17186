/** The list envelope of every market-data list route. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  has_more: boolean;
}

export interface PagingOptions {
  /** Items per request (the route's bounds apply, e.g. 1-500). Default: the route's default. */
  limit?: number;
  /** Where to start. Default 0. */
  offset?: number;
  /** Stop after this many items in all. */
  maxItems?: number;
}

/**
 * Walks a paged route from `offset` while `has_more` is true, one request at a time:
 * `for await (const page of pages((p) => md.getLiquidatablePositions({ ...p, sort: 'largest_reward' })))`.
 * Pages are offsets into a live ordering: a row that moves between two requests can be seen
 * twice or not at all, so a caller that must not act twice keys what it saw by id.
 */
export async function* pages<T>(
  fetchPage: (page: { limit?: number; offset: number }) => Promise<Page<T>>,
  options: PagingOptions = {},
): AsyncGenerator<Page<T>> {
  let offset = options.offset ?? 0;
  let left = options.maxItems ?? Infinity;
  while (left > 0) {
    const page = await fetchPage({ ...(options.limit !== undefined ? { limit: Math.min(options.limit, left) } : {}), offset });
    const items = page.items.length > left ? page.items.slice(0, left) : page.items;
    yield items === page.items ? page : { ...page, items };
    left -= items.length;
    offset += page.items.length;
    // An empty page ends the walk even if has_more says otherwise (rows removed meanwhile).
    if (!page.has_more || page.items.length === 0) return;
  }
}

/** The items of `pages(...)`, one by one. */
export async function* pageItems<T>(fetchPage: (page: { limit?: number; offset: number }) => Promise<Page<T>>, options: PagingOptions = {}): AsyncGenerator<T> {
  for await (const page of pages(fetchPage, options)) yield* page.items;
}
