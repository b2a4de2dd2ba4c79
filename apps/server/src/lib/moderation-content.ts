import type { ReportedContent } from '@paddock/contract';

/*
 * What a report is about, as staff see it (decision 031): each module that owns a kind of reportable thing
 * reads its own rows into this shape, a page of the queue at a time.
 */

/** Reported content by id, without the id. */
export function byId(rows: readonly (ReportedContent & { id: number })[]): Map<number, ReportedContent> {
  return new Map(rows.map(({ id, ...content }) => [id, content]));
}
