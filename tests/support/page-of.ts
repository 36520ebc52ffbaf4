/** A list endpoint's answer holding `items` as its only page. */
export function pageOf<T>(items: T[], pageSize = 25) {
  return { items, total: items.length, page: 1, pageSize };
}
