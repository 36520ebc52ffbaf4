import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ProposalSavedSchema, type ProposalInput } from '@shared/schemas/proposals';
import { adminPlansHandler, apiServer, json, recordRequests } from '@tests/support/api-server';
import {
  aProposalDetail,
  PROPOSAL_ID,
  proposalSettingsHandlers,
  stubProposals,
} from '@tests/support/proposal-admin-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { EditProposalPage } from './edit-proposal-page';
import { taxRatesHandler } from '@tests/support/tax-fixtures';

function renderPage() {
  return renderWithApp(
    <Route path="/admin/proposals/:id/edit">
      <EditProposalPage />
    </Route>,
    `/admin/proposals/${PROPOSAL_ID}/edit`,
  );
}

beforeEach(() => {
  apiServer.use(adminPlansHandler(), ...proposalSettingsHandlers(), taxRatesHandler());
});

describe('EditProposalPage', { timeout: 15_000 }, () => {
  it('opens a sent proposal in dollars, says saving makes a new version, and saves cents', async () => {
    const detail = aProposalDetail();
    stubProposals({ detail });
    apiServer.use(
      http.put(`/api/admin/proposals/${PROPOSAL_ID}`, () =>
        json(ProposalSavedSchema, { proposal: { ...detail, version: 2 } }),
      ),
    );
    const calls = recordRequests();
    const location = renderPage();
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'Unit price ($), item 1' });
    expect(price).toHaveValue('4000.00');
    expect(screen.getByText(/It was sent already: saving makes version 2/)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('signature'),
    );

    await user.clear(price);
    await user.type(price, '4250');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/proposals/${PROPOSAL_ID}`));
    const [put] = calls.filter((call) => call.method === 'PUT');
    expect(put?.body as ProposalInput).toMatchObject({
      recipient: {
        name: 'Odile Fontenot',
        email: 'odile@example.com',
        businessName: 'Fontenot Bakery',
      },
      planType: 'signature',
      items: [{ description: 'Website build', quantity: 1, unitPrice: 425_000 }],
      depositPercent: 50,
      validUntil: '2026-12-29',
      terms: 'Work starts when the deposit is paid.',
    });
  });

  it('will not edit a signed proposal', async () => {
    stubProposals({ detail: aProposalDetail({ status: 'signed' }) });
    renderPage();
    expect(
      await screen.findByText(
        'This proposal is signed: a signed or declined proposal cannot be changed.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
