/** Search counts are exact up to this cap; past it the group shows "1000+". */
export const SEARCH_COUNT_CAP = 1000;

export function formatCount(count: number): string {
  return count >= SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP}+` : String(count);
}
