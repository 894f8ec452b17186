import { Injectable } from '@nestjs/common';
import { positionNotFound } from '../common';
import { PositionFigures, positionFigures } from './position-figures';
import { PositionRecord } from './position-record';
import { PositionFilter, PositionsRepository } from './positions.repository';

export interface PositionWithFigures {
  position: PositionRecord;
  figures: PositionFigures;
}

/** Positions with their current figures, for both route families (each maps to its own shape). */
@Injectable()
export class PositionsService {
  constructor(private readonly positions: PositionsRepository) {}

  async page(filter: PositionFilter, limit: number, offset: number): Promise<{ items: PositionWithFigures[]; total: number }> {
    const { items, total } = await this.positions.page(filter, limit, offset);
    return { items: items.map(({ position, market }) => ({ position, figures: positionFigures(position, market) })), total };
  }

  /** 404 {"detail": "Position not found"} for an unknown id. */
  async get(id: number): Promise<PositionWithFigures> {
    const found = await this.positions.byId(id);
    if (!found) throw positionNotFound();
    return { position: found.position, figures: positionFigures(found.position, found.market) };
  }
}
