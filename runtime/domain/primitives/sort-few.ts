/**
 * Sorting the few items of one comparison (2 to 6 products, their slugs) by insertion.
 * Array.prototype.sort sets up its merge state for every call: about 850 bytes allocated and
 * 60-90 ns for three items, more than the sort itself (docs/performance.md, tenth pass).
 */

/**
 * Sorts `items` in place by `order` (negative: a before b), stably, like Array.prototype.sort with
 * that comparator; quadratic, so meant for a handful of items.
 * @returns items
 */
export function sortFew<T>(items: T[], order: (a: T, b: T) => number): T[] {
  for (let i = 1; i < items.length; i++) {
    const item = items[i]!;
    let j = i - 1;
    for (; j >= 0 && order(items[j]!, item) > 0; j--) items[j + 1] = items[j]!;
    items[j + 1] = item;
  }
  return items;
}

/** Strings in UTF-16 code unit order, the order of Array.prototype.sort without a comparator. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
