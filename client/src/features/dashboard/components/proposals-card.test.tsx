import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProposalStatsSchema, type ProposalStats } from '@shared/schemas/proposals';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { ProposalsCard } from './proposals-card';

function stubStats(stats: ProposalStats) {
  apiServer.use(http.get('/api/admin/proposals/stats', () => json(ProposalStatsSchema, stats)));
}

/** A figure's value by its label. */
const figure = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.firstChild?.textContent;

describe('ProposalsCard', () => {
  it("shows this month's proposals, the win rate and the value still open", async () => {
    stubStats({
      sentThisMonth: 7,
      openedThisMonth: 5,
      signedThisMonth: 2,
      winRate: 2 / 3,
      openValueCents: 1_278_800,
    });
    renderWithApp(<ProposalsCard />, '/admin/dashboard');
    await screen.findByText('Sent this month');
    expect(screen.getByRole('group', { name: 'Proposals' })).toBeVisible();
    expect(figure('Sent this month')).toBe('7');
    expect(figure('Opened this month')).toBe('5');
    expect(figure('Signed this month')).toBe('2');
    expect(figure('Win rate')).toBe('67%');
    expect(figure('Open proposals')).toBe('$12,788.00');
    expect(screen.getByRole('link', { name: 'Proposals' })).toHaveAttribute(
      'href',
      '/admin/proposals',
    );
  });

  it("writes '—' for the win rate while nothing has been signed, declined or expired", async () => {
    stubStats({
      sentThisMonth: 1,
      openedThisMonth: 0,
      signedThisMonth: 0,
      winRate: null,
      openValueCents: 0,
    });
    renderWithApp(<ProposalsCard />, '/admin/dashboard');
    await screen.findByText('Win rate');
    expect(figure('Win rate')).toBe('—');
    expect(screen.getByText('None signed, declined or expired in the last 90 days')).toBeVisible();
    expect(figure('Open proposals')).toBe('$0.00');
  });
});
