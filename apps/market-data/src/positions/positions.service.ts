import { Injectable } from '@nestjs/common';
import { ambiguousPositionId, positionNotFound } from '../common';
import { PositionFigures, positionFigures } from './position-figures';
import { ClosedPositionFigures, PositionRecord } from '@perp/index-db';
import { PositionFilter, PositionsRepository } from './positions.repository';

export interface PositionWithFigures {
  position: PositionRecord;
  figures: PositionFigures;
  closed: ClosedPositionFigures;
}

/** Positions with their current figures, for both route families (each maps to its own shape). */
@Injectable()
export class PositionsService {
  constructor(private readonly positions: PositionsRepository) {}

  async page(filter: PositionFilter, limit: number, offset: number): Promise<{ items: PositionWithFigures[]; total: number }> {
    const { items, total } = await this.positions.page(filter, limit, offset);
    return { items: items.map(({ position, market, closed }) => ({ position, figures: positionFigures(position, market), closed })), total };
  }

  /**
   * The position `id` of market `perpAddress`, or of the one market that holds that id when none is
   * named. 404 {"detail": "Position not found"} when no market holds it; 422 on perp_address when
   * several do.
   */
  async get(id: number, perpAddress?: string): Promise<PositionWithFigures> {
    const found = await this.positions.byId(id, perpAddress);
    if (found.kind === 'none') throw positionNotFound();
    if (found.kind === 'ambiguous') throw ambiguousPositionId(id, found.markets);
    return { position: found.position, figures: positionFigures(found.position, found.market), closed: found.closed };
  }
}
