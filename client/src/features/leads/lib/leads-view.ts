import { isHighPriority, POOR_WEBSITE_SCORE, type LeadSummary } from '@shared/schemas/leads';

export type SortKey = 'leadScore' | 'name';
/** One sorted column, as the table's sorting state holds it. */
export interface Sort {
  id: SortKey;
  desc: boolean;
}
/** The spec's default: the best leads first. */
export const DEFAULT_SORT: Sort = { id: 'leadScore', desc: true };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The leads in name order and each lead's rank in it, built once when results arrive: a
 * collator comparison is slow, and 50,000 rows take about 800,000 of them to sort. After
 * this, sorting by name is a copy and sorting by score compares integers.
 */
export interface SortIndex {
  byName: readonly LeadSummary[];
  nameRank: ReadonlyMap<string, number>;
}

export function sortIndex(leads: readonly LeadSummary[]): SortIndex {
  const byName = [...leads].sort(
    (a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { byName, nameRank: new Map(byName.map((lead, rank) => [lead.id, rank])) };
}

/** Sorted copy (ties by name, then id, so the order is stable across renders). */
export function sortLeads(
  leads: readonly LeadSummary[],
  sort: Sort,
  index: SortIndex = sortIndex(leads),
): LeadSummary[] {
  if (sort.id === 'name') {
    const ordered = [...index.byName];
    return sort.desc ? ordered.reverse() : ordered;
  }
  const sign = sort.desc ? -1 : 1;
  const rank = index.nameRank;
  return [...leads].sort(
    (a, b) => sign * (a.leadScore - b.leadScore) || rank.get(a.id)! - rank.get(b.id)!,
  );
}

export function highPriorityOnly(leads: readonly LeadSummary[]): LeadSummary[] {
  return leads.filter(isHighPriority);
}

/** The rows of one page and its 'Showing a - b of n' figures (0 - 0 when there are none). */
export function pageOf<T>(
  items: readonly T[],
  { pageIndex, pageSize }: { pageIndex: number; pageSize: number },
) {
  const start = pageIndex * pageSize;
  const rows = items.slice(start, start + pageSize);
  return { rows, from: rows.length ? start + 1 : 0, to: start + rows.length, total: items.length };
}

/** The high-priority summary's three counts. */
export function prioritySummary(leads: readonly LeadSummary[]) {
  let highPriority = 0;
  let needsWebsite = 0;
  let poorWebsite = 0;
  for (const lead of leads) {
    if (isHighPriority(lead)) highPriority += 1;
    if (lead.needsWebsite) needsWebsite += 1;
    else if (lead.websiteScore < POOR_WEBSITE_SCORE) poorWebsite += 1;
  }
  return { highPriority, needsWebsite, poorWebsite };
}

/** Spec colours: lead score 80+ green, 60+ yellow, else grey. */
export function leadScoreClass(score: number): string {
  if (score >= 80) return 'bg-green-100 text-green-800';
  if (score >= 60) return 'bg-yellow-100 text-yellow-800';
  return 'bg-gray-100 text-gray-800';
}

/** Spec colours: website score 0 red, up to 30 orange, up to 50 yellow, above green. */
export function websiteScoreClass(score: number): string {
  if (score === 0) return 'text-red-700';
  if (score <= 30) return 'text-orange-700';
  if (score <= 50) return 'text-yellow-700';
  return 'text-green-700';
}

/** Spec colours: legitimacy at 80+, 60+ and 40+. */
export function legitimacyClass(score: number): string {
  if (score >= 80) return 'text-green-700';
  if (score >= 60) return 'text-yellow-700';
  if (score >= 40) return 'text-orange-700';
  return 'text-red-700';
}
