import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { recordRequests } from '@tests/support/api-server';
import { aProposal, PROPOSAL_ID, stubProposals } from '@tests/support/proposal-admin-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { ProposalsPage } from './proposals-page';

const listQueries = (calls: ReturnType<typeof recordRequests>) =>
  calls.filter((call) => call.url.startsWith('/api/admin/proposals')).map((call) => call.url);

describe('ProposalsPage', { timeout: 15_000 }, () => {
  it('shows each proposal: recipient, status, money, valid until and its last event', async () => {
    stubProposals({
      items: [
        aProposal({ viewedAt: '2026-11-30T18:30:00.000Z', status: 'viewed' }),
        aProposal({
          id: '5e6f7a8b-0000-4000-8000-000000000002',
          title: 'Logo refresh',
          status: 'draft',
          plan: null,
          sentAt: null,
          totals: { oneOff: 50_000, deposit: 0, monthly: 0, firstInvoice: 0, remainder: 50_000 },
        }),
      ],
    });
    renderWithApp(<ProposalsPage />, '/admin/proposals');
    const link = await screen.findByRole('link', { name: 'A new website and care plan' });
    expect(link).toHaveAttribute('href', `/admin/proposals/${PROPOSAL_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Odile Fontenot')).toBeVisible();
    expect(within(row).getByText('Fontenot Bakery')).toBeVisible();
    expect(within(row).getByText('Viewed')).toBeVisible();
    expect(within(row).getByText('$4,000.00')).toBeVisible();
    expect(within(row).getByText('+ $399.00/mo')).toBeVisible();
    expect(within(row).getByText('Dec 29, 2026')).toBeVisible();
    expect(within(row).getByText('Opened')).toBeVisible();

    const draft = screen.getByRole('link', { name: 'Logo refresh' }).closest('tr')!;
    expect(within(draft).getByText('Draft')).toBeVisible();
    expect(within(draft).getByText('No plan')).toBeVisible();
    expect(within(draft).getByText('Created')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New proposal' })).toHaveAttribute(
      'href',
      '/admin/proposals/new',
    );
  });

  it('keeps the search, status and page in the URL and asks the server for them', async () => {
    stubProposals();
    const calls = recordRequests();
    const location = renderWithApp(<ProposalsPage />, '/admin/proposals?status=sent&page=2');
    await screen.findByRole('link', { name: 'A new website and care plan' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('sent');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'signed');
    // A new filter starts again at page 1.
    expect(location.history.at(-1)).toBe('/admin/proposals?status=signed');

    await user.type(screen.getByRole('searchbox', { name: 'Search proposals' }), 'odile{Enter}');
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/admin/proposals?q=odile&status=signed'),
    );
    await waitFor(() =>
      expect(listQueries(calls)).toEqual([
        '/api/admin/proposals?status=sent&page=2',
        '/api/admin/proposals?status=signed',
        '/api/admin/proposals?q=odile&status=signed',
      ]),
    );
  });

  it('says there are none yet, and offers to write one', async () => {
    stubProposals({ items: [] });
    renderWithApp(<ProposalsPage />, '/admin/proposals');
    expect(await screen.findByText('No proposals yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Write your first proposal' })).toHaveAttribute(
      'href',
      '/admin/proposals/new',
    );
  });
});
