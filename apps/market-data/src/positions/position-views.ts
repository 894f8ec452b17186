import { atomsToHuman, formatDecimal, formatInteger, ratioFromE6, x96ToPrice } from '@perp/x96-math';
import type { ClosedPositionFigures, PositionRecord } from '@perp/index-db/figures';
// The module itself, not ../common: the candidates worker formats candidates too, and needs none of Nest.
import { withPerpAlias } from '../common/perp-alias';
import type { LiquidationCandidateDto } from './liquidation-candidate.dto';
import type { MarkDecimals } from './mark-decimals';
import type { MarketState } from './market-state';
import type { PositionDto } from './position.dto';
import type { PositionFigures } from './position-figures';
import { liquidationPriceX96 } from './liquidation-price';

const atoms = (value: bigint | null): string | null => (value === null ? null : formatDecimal(atomsToHuman(value)));
const ratioE6 = (value: bigint | null): string | null => (value === null ? null : formatDecimal(ratioFromE6(value)));
const ratio = (e6: number): string => formatDecimal(ratioFromE6(BigInt(e6)));

/** A liquidation price as the marks are rendered (exact x / 2^96, at most 18 places, half up); not cached: each position has its own. */
function liquidationPrice(position: PositionRecord, figures: PositionFigures): string | null {
  const x96 = liquidationPriceX96(position, figures);
  return x96 === null ? null : formatDecimal(x96ToPrice(x96));
}

const markDecimal = (markX96: bigint): string => formatDecimal(x96ToPrice(markX96));

/** The spec's Position, fields in its order; `marks` reuses the decimals of marks rendered before. */
export function positionView(position: PositionRecord, figures: PositionFigures, closed: ClosedPositionFigures, marks?: MarkDecimals): PositionDto {
  return withPerpAlias({
    id: Number(position.id),
    open_timestamp: position.openTimestamp,
    perp_address: position.perpAddress,
    holder: position.holder,
    is_maker: position.isMaker,
    is_long: position.isLong,
    is_closed: position.isClosed,
    close_timestamp: position.closeTimestamp,
    was_liquidated: position.wasLiquidated,
    margin: formatDecimal(atomsToHuman(position.margin)),
    perp_delta: formatDecimal(atomsToHuman(position.perpDelta)),
    usd_delta: formatDecimal(atomsToHuman(position.usdDelta)),
    avg_entry_amm_price_x96: position.avgEntryAmmPriceX96 === null ? null : formatDecimal(position.avgEntryAmmPriceX96),
    liq_margin_ratio: ratio(position.liqMarginRatioE6),
    backstop_margin_ratio: ratio(position.backstopMarginRatioE6),
    current_mark_price: figures.markX96 === null ? null : marks ? marks.of(figures.markX96) : markDecimal(figures.markX96),
    unrealized_pnl: atoms(figures.unrealizedPnlAtoms),
    effective_margin: atoms(figures.equityAtoms),
    liquidation_price: liquidationPrice(position, figures),
    realized_pnl: atoms(closed.realizedPnl),
    net_funding: atoms(closed.netFunding),
  });
}

/** Full liquidation size in base units: |perp_delta| atoms (takers) or the raw liquidity (makers). */
export function candidateAmount(position: PositionRecord): string {
  if (position.isMaker) return formatInteger(position.liquidity ?? 0n);
  return formatInteger(position.perpDelta < 0n ? -position.perpDelta : position.perpDelta);
}

/** A candidate's response fields but is_stale: they depend on the index alone, is_stale on the clock of each request. */
export type CandidateFields = Omit<LiquidationCandidateDto, 'is_stale'>;

/** Every field of the candidate but is_stale, in the spec's order (formatted once per evaluation, by the candidates worker). */
export function candidateFields(position: PositionRecord, market: MarketState, figures: PositionFigures): CandidateFields {
  const marginRatio = ratioE6(figures.marginRatioE6);
  const liqMarginRatio = ratio(position.liqMarginRatioE6);
  // No mark, no snapshot of it used: the age is unknown, hence stale.
  const asOf = market.marked === null ? null : market.markAsOf;
  return withPerpAlias({
    id: Number(position.id),
    perp_address: position.perpAddress,
    is_maker: position.isMaker,
    amount: candidateAmount(position),
    mode: 'full',
    margin_ratio: marginRatio,
    liq_margin_ratio: liqMarginRatio,
    as_of: asOf,
    holder: position.holder,
    notional: atoms(figures.valueAtoms),
    health: { margin_ratio: marginRatio, liq_margin_ratio: liqMarginRatio },
    distance_to_liquidation: figures.marginRatioE6 === null ? null : ratioE6(figures.marginRatioE6 - BigInt(position.liqMarginRatioE6)),
    estimated_reward: atoms(figures.estimatedRewardAtoms),
    liquidation_price: liquidationPrice(position, figures),
  });
}

/** The spec's candidate, fields in its order: the evaluated fields and is_stale against `nowSeconds`. */
export function candidateView(fields: CandidateFields, nowSeconds: number, staleAfterSeconds: number): LiquidationCandidateDto {
  return { ...fields, is_stale: fields.as_of === null || nowSeconds - fields.as_of > staleAfterSeconds };
}
