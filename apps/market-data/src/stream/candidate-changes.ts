import type { CandidateBook } from '../positions/candidate-book';
import type { CandidateFields } from '../positions/position-views';

export interface CandidateChanges {
  entered: CandidateFields[];
  left: { id: number; perp_address: string | null }[];
}

const keyOf = (c: CandidateFields): string => `${c.perp_address}:${c.id}`;

/**
 * What changed between two consecutive books of this replica's refresh: positions that entered
 * the candidate list and those that left it, one pass over each (the books hold every candidate
 * of every market; a refresh that changed nothing posts no book).
 */
export function candidateChanges(previous: CandidateBook, next: CandidateBook): CandidateChanges {
  const before = new Map<string, CandidateFields>();
  for (const candidate of previous.data.candidates) before.set(keyOf(candidate), candidate);
  const entered: CandidateFields[] = [];
  for (const candidate of next.data.candidates) {
    const key = keyOf(candidate);
    if (before.has(key)) before.delete(key);
    else entered.push(candidate);
  }
  const left = [...before.values()].map((c) => ({ id: c.id, perp_address: c.perp_address }));
  return { entered, left };
}
