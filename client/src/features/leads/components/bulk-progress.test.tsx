import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchJob, SearchProgress } from '@shared/schemas/leads';
import { BulkProgress } from './bulk-progress';

function bulkJob(progress: Partial<SearchProgress>): SearchJob {
  return {
    id: 'search-1',
    criteria: {
      state: 'Mississippi',
      city: 'Jackson',
      businessType: 'Healthcare',
      bulkMode: true,
      maxResults: 10_000,
      radius: 10,
    } as SearchJob['criteria'],
    bulk: true,
    source: 'osm',
    status: 'running',
    progress: {
      cellsDone: 0,
      cellsTotal: 81,
      leadsFound: 0,
      websitesAnalysed: 0,
      websitesTotal: 0,
      ...progress,
    },
    total: 0,
    totalUnfiltered: 0,
    error: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    finishedAt: null,
  };
}

const show = (progress: Partial<SearchProgress>) =>
  render(<BulkProgress job={bulkJob(progress)} onCancel={() => {}} cancelling={false} />);

describe('BulkProgress', () => {
  it('moves after each grid cell, from the first one on', () => {
    const { rerender } = show({});
    const bar = screen.getByRole('progressbar', { name: 'Bulk search progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText(/^0% · Grid cells 0 of 81 · 0 leads found/)).toBeVisible();

    // The first cell found 30 businesses, 12 with a website still to analyse.
    const afterCells = (cellsDone: number) =>
      rerender(
        <BulkProgress
          job={bulkJob({ cellsDone, leadsFound: 30 * cellsDone, websitesTotal: 12 * cellsDone })}
          onCancel={() => {}}
          cancelling={false}
        />,
      );
    afterCells(1);
    expect(bar).toHaveAttribute('aria-valuenow', '0.6');
    expect(
      screen.getByText('0.6% · Grid cells 1 of 81 · 30 leads found · 0 of 12 websites analyzed'),
    ).toBeVisible();
    afterCells(2);
    expect(bar).toHaveAttribute('aria-valuenow', '1.2');
    expect(screen.getByText(/^1\.2% · Grid cells 2 of 81 · 60 leads found/)).toBeVisible();
  });

  it('counts in whole percents from 10% and never says 100% before the end', () => {
    show({ cellsDone: 81, leadsFound: 900, websitesAnalysed: 299, websitesTotal: 300 });
    expect(screen.getByRole('progressbar', { name: 'Bulk search progress' })).toHaveAttribute(
      'aria-valuenow',
      '99',
    );
    expect(screen.getByText(/^99% · Grid cells 81 of 81/)).toBeVisible();
  });
});
