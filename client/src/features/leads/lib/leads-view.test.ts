import { describe, expect, it } from 'vitest';
import type { LeadSummary } from '@shared/schemas/leads';
import { DEFAULT_SORT, highPriorityOnly, pageOf, prioritySummary, sortLeads } from './leads-view';

const lead = (id: string, name: string, leadScore: number, extra: Partial<LeadSummary> = {}) =>
  ({ id, name, leadScore, websiteScore: 80, needsWebsite: false, ...extra }) as LeadSummary;

const leads = [
  lead('1', 'bravo', 50),
  lead('2', 'Alpha', 90),
  lead('3', 'charlie', 70),
  lead('4', 'Delta', 50, { needsWebsite: true, websiteScore: 0 }),
  lead('5', 'echo', 20, { websiteScore: 35 }),
];

describe('sorting', () => {
  it('really orders the rows: score high to low by default, ties by name', () => {
    expect(sortLeads(leads, DEFAULT_SORT).map((l) => l.id)).toEqual(['2', '3', '1', '4', '5']);
    expect(sortLeads(leads, { id: 'leadScore', desc: false }).map((l) => l.id)).toEqual([
      '5',
      '1',
      '4',
      '3',
      '2',
    ]);
    expect(sortLeads(leads, { id: 'name', desc: false }).map((l) => l.name)).toEqual([
      'Alpha',
      'bravo',
      'charlie',
      'Delta',
      'echo',
    ]);
    expect(sortLeads(leads, { id: 'name', desc: true }).map((l) => l.name)).toEqual([
      'echo',
      'Delta',
      'charlie',
      'bravo',
      'Alpha',
    ]);
  });
});

describe('high priority', () => {
  it('keeps score 70+, those needing a website, and websites below 40', () => {
    expect(highPriorityOnly(leads).map((l) => l.id)).toEqual(['2', '3', '4', '5']);
    expect(prioritySummary(leads)).toEqual({ highPriority: 4, needsWebsite: 1, poorWebsite: 1 });
  });
});

describe('paging', () => {
  it("gives a page's rows and its a - b of n figures", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, { pageIndex: 0, pageSize: 20 })).toMatchObject({
      from: 1,
      to: 20,
      total: 45,
    });
    expect(pageOf(items, { pageIndex: 2, pageSize: 20 })).toMatchObject({
      from: 41,
      to: 45,
      rows: [40, 41, 42, 43, 44],
    });
    expect(pageOf([], { pageIndex: 0, pageSize: 20 })).toMatchObject({ from: 0, to: 0, total: 0 });
  });
});
