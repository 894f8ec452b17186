import { LiquidationCandidateDto } from '../positions/liquidation-candidate.dto';
import { PositionRecord } from '@perp/index-db';
import { V1LiquidationCandidateDto, V1PositionDto } from './v1-positions.dto';

/** Exactly the legacy Position fields: nothing of the unversioned shape leaks in. */
export function v1PositionView(position: PositionRecord): V1PositionDto {
  return {
    id: Number(position.id),
    open_timestamp: position.openTimestamp,
    perp: position.perpAddress,
    holder: position.holder,
    is_maker: position.isMaker,
    is_long: position.isLong,
    is_closed: position.isClosed,
    close_timestamp: position.closeTimestamp,
    was_liquidated: position.wasLiquidated,
  };
}

/** The legacy candidate: the unversioned one cut down to its frozen fields. */
export function v1CandidateView(candidate: LiquidationCandidateDto): V1LiquidationCandidateDto {
  return {
    id: candidate.id,
    perp: candidate.perp_address,
    is_maker: candidate.is_maker,
    amount: candidate.amount,
    mode: candidate.mode,
    margin_ratio: candidate.margin_ratio,
    liq_margin_ratio: candidate.liq_margin_ratio,
    as_of: candidate.as_of,
  };
}
