import { AddressField, BoolField, LiteralField, PAGE_LIMITS, PageQuery } from '@perp/http';
import { CANDIDATE_SORTS, CandidateSort } from './candidate-order';

const ALIAS = 'Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)';

/** perp_address and its deprecated aliases, on both unversioned position lists. */
export interface PerpFilterFields {
  perp_address?: string;
  market_id?: string;
  perp?: string;
  perp_id?: string;
}

/**
 * The aliases mean the same as perp_address. When several are sent, the canonical name
 * wins, then the aliases in the spec's order (market_id, perp, perp_id): a fixed,
 * documented precedence rather than one that depends on parameter order in the URL.
 */
export function resolvePerpFilter(query: PerpFilterFields): string | undefined {
  return query.perp_address ?? query.market_id ?? query.perp ?? query.perp_id;
}

export class PositionsQuery extends PageQuery(PAGE_LIMITS.positions) implements PerpFilterFields {
  @AddressField({ description: 'Wallet address (any case)' }) holder?: string;
  @BoolField({ description: 'true: open positions only; false: closed only' }) is_open?: boolean;
  @BoolField({ description: 'true: makers only; false: takers only' }) is_maker?: boolean;
  @BoolField({ description: 'true: longs; false: shorts (makers have no side and match neither)' }) is_long?: boolean;
  @AddressField({ description: 'Perp contract address (canonical)' }) perp_address?: string;
  @AddressField({ description: ALIAS, deprecated: true }) market_id?: string;
  @AddressField({ description: ALIAS, deprecated: true }) perp?: string;
  @AddressField({ description: ALIAS, deprecated: true }) perp_id?: string;
}

export class LiquidatableQuery extends PageQuery(PAGE_LIMITS.liquidatable) implements PerpFilterFields {
  @LiteralField(CANDIDATE_SORTS, {
    default: 'most_underwater',
    description:
      'most_underwater: distance_to_liquidation ascending; largest_reward: estimated_reward descending. Both: nulls and uncomputable ratios last, ties by (id, perp_address)',
  })
  sort!: CandidateSort;
  @AddressField({ description: 'Perp contract address (canonical)' }) perp_address?: string;
  @AddressField({ description: ALIAS, deprecated: true }) market_id?: string;
  @AddressField({ description: ALIAS, deprecated: true }) perp?: string;
  @AddressField({ description: ALIAS, deprecated: true }) perp_id?: string;
}

/** GET /positions/{position_id}: the market whose position it is (ids are local to each perp). */
export class PositionLookupQuery implements PerpFilterFields {
  @AddressField({ description: 'Perp contract address (canonical). Optional when only one market holds the id; else 422' }) perp_address?: string;
  @AddressField({ description: ALIAS, deprecated: true }) market_id?: string;
  @AddressField({ description: ALIAS, deprecated: true }) perp?: string;
  @AddressField({ description: ALIAS, deprecated: true }) perp_id?: string;
}
