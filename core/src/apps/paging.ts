/**
 * Paging a table (forms-and-developer-portal 2.7, 2.9, 9): the page sizes every table offers
 * and one page of rows. Used by the design system's Table, so kept apart from the portal's
 * other rules (which only the portal's pages load).
 */

/** The page sizes every portal table offers (forms-dp 2.7, 2.9, 9). */
export const PAGE_SIZES: readonly number[] = [10, 25, 100, 250];

/** The page size a portal table starts with (forms-dp 2.7; the actions table follows it, 2.9). */
export const DEFAULT_PAGE_SIZE = 10;

/** One page of a table. */
export interface Page<T> {
  rows: T[];
  /** The page shown, 0-based, clamped to the last page. */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * Cuts one page out of the rows; a page beyond the end shows the last one, an unknown size
 * falls back to the default (forms-dp 9).
 *
 * @example pageOf(rows, 0, 10).rows.length // at most 10
 */
export function pageOf<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const perPage = PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  const shown = Math.min(Math.max(0, Math.floor(page) || 0), pageCount - 1);
  return { rows: rows.slice(shown * perPage, (shown + 1) * perPage), page: shown, pageCount, total: rows.length };
}
