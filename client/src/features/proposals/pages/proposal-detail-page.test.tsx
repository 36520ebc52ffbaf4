import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ProposalSavedSchema } from '@shared/schemas/proposals';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import {
  anEvent,
  aProposalDetail,
  PROPOSAL_ID,
  stubProposals,
} from '@tests/support/proposal-admin-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { ProposalDetailPage } from './proposal-detail-page';

const HASH = 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdef0123456789';
const DEPOSIT_INVOICE = '7a8b9c0d-0000-4000-8000-0000000000a1';

function renderPage() {
  return renderWithApp(
    <Route path="/admin/proposals/:id">
      <ProposalDetailPage />
    </Route>,
    `/admin/proposals/${PROPOSAL_ID}`,
  );
}

const signed = aProposalDetail({
  status: 'signed',
  viewedAt: '2026-11-30T18:30:00.000Z',
  signedAt: '2026-11-30T18:42:00.000Z',
  signerName: 'Odile Fontenot',
  depositInvoiceId: DEPOSIT_INVOICE,
  hasAgreement: true,
  events: [
    // Each event's line as the server words it (sign-proposal.ts, send-proposal.ts...).
    anEvent({ id: 1, kind: 'created', at: '2026-11-28T15:00:00.000Z', detail: 'Website' }),
    anEvent({
      id: 2,
      kind: 'sent',
      email: 'odile@example.com',
      detail: 'Sent to odile@example.com',
    }),
    anEvent({
      id: 3,
      kind: 'viewed',
      at: '2026-11-30T18:30:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    }),
    anEvent({
      id: 4,
      kind: 'signed',
      at: '2026-11-30T18:42:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
      documentHash: HASH,
      email: 'odile@example.com',
      detail: 'Signed by Odile Fontenot',
    }),
    anEvent({
      id: 5,
      kind: 'invoiced',
      at: '2026-11-30T18:42:01.000Z',
      detail: 'Invoice INV-0012 issued',
    }),
    anEvent({ id: 6, kind: 'revoked', detail: 'Link revoked' }),
  ],
});

describe('ProposalDetailPage', { timeout: 15_000 }, () => {
  it("tells the timeline's evidence in words: who, when, from where, and what was signed", async () => {
    stubProposals({ detail: signed });
    renderPage();
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Created as a draft',
      'Sent',
      'Opened by the recipient',
      'Signed',
      'Invoice issued',
      'Link revoked',
    ]);
    // Each said once: the server's line carries the name, the address, the invoice.
    expect(within(timeline).getAllByText('Signed by Odile Fontenot')).toHaveLength(1);
    expect(within(timeline).getAllByText('Sent to odile@example.com')).toHaveLength(1);
    expect(within(timeline).getAllByText('Link revoked')).toHaveLength(1);
    expect(within(entries[1]!).queryByText('E-mail')).not.toBeInTheDocument();
    const signing = entries[3]!;
    // In the business's time zone (America/Chicago).
    expect(within(signing).getByText('Nov 30, 2026 at 12:42 PM CST')).toBeVisible();
    expect(within(signing).getByText('203.0.113.7')).toBeVisible();
    expect(
      within(signing).getByText('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)'),
    ).toBeVisible();
    expect(within(signing).getByText('a3f1c2d4e5b6…456789')).toBeVisible();
    expect(
      within(signing).getByRole('button', { name: 'Copy the document hash' }),
    ).toBeInTheDocument();
    // The address the signed link went to, as evidence beside the signature.
    expect(within(signing).getByText('odile@example.com')).toBeVisible();
    expect(within(entries[4]!).getByText('Invoice INV-0012 issued')).toBeVisible();

    // A signed proposal is not edited or sent again; its agreement and invoice are a click away.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download agreement PDF' })).toHaveAttribute(
      'href',
      `/api/admin/proposals/${PROPOSAL_ID}/pdf`,
    );
    expect(screen.getByRole('link', { name: 'Open the first invoice' })).toHaveAttribute(
      'href',
      `/admin/invoices/${DEPOSIT_INVOICE}`,
    );
    // The document as the recipient reads it.
    const document = screen.getByRole('article', { name: 'The proposal' });
    expect(within(document).getByText('Website build')).toBeVisible();
    expect(within(document).getByText('Work starts when the deposit is paid.')).toBeVisible();
  });

  it('asks before sending, naming the address, then says it went', async () => {
    const draft = aProposalDetail({
      status: 'draft',
      sentAt: null,
      events: [anEvent({ id: 1, kind: 'created' })],
    });
    stubProposals({ detail: draft });
    apiServer.use(
      http.post(`/api/admin/proposals/${PROPOSAL_ID}/send`, () =>
        json(ProposalSavedSchema, {
          proposal: {
            ...draft,
            status: 'sent',
            sentAt: '2026-11-29T16:00:00.000Z',
            events: [
              ...draft.events,
              anEvent({
                id: 2,
                kind: 'sent',
                email: 'odile@example.com',
                detail: 'Sent to odile@example.com',
              }),
            ],
          },
        }),
      ),
    );
    const calls = recordRequests();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the proposal?' });
    expect(dialog).toHaveTextContent(
      'Odile Fontenot gets an e-mail at odile@example.com with a link to read and sign it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to odile@example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Revoke link' })).toBeVisible();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        `/api/admin/proposals/${PROPOSAL_ID}/send`,
      ]),
    );
  });

  it('deletes a draft after asking, and goes back to the list', async () => {
    stubProposals({ detail: aProposalDetail({ status: 'draft', sentAt: null }) });
    const location = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/proposals'));
  });

  it("says 'Proposal not found' for an unknown one", async () => {
    apiServer.use(
      http.get('/api/admin/proposals/:id', () =>
        Response.json({ message: 'Proposal not found' }, { status: 404 }),
      ),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proposal not found' }),
    ).toBeVisible();
  });
});
