import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SETUP_STEPS, SetupChecklistSchema } from '@shared/schemas/dashboard';
import {
  InvoicePageSchema,
  InvoiceStatusChangedSchema,
  type Invoice,
} from '@shared/schemas/invoices';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { anInvoice, anInvoiceDetail } from '@tests/support/invoice-fixtures';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { InvoicesPage } from './invoices-page';

const DRAFT_ID = '7a8b9c0d-0000-4000-8000-0000000000d1';
const draft = anInvoice({
  id: DRAFT_ID,
  invoiceNumber: null,
  status: 'draft',
  clientName: 'Delphine Arceneaux',
  sentAt: null,
});
const sent = anInvoice();

/**
 * GET the list answers `items` whatever the query (the server sorts: the test reads what the
 * screen asked for); PATCH the draft answers it sent. The set-up checklist says there is a way
 * to pay unless `noWayToPay`.
 */
function stubInvoices(items: Invoice[], { noWayToPay = false } = {}) {
  apiServer.use(
    http.get('/api/admin/setup-checklist', () =>
      json(SetupChecklistSchema, {
        steps: SETUP_STEPS.map((step) => ({ step, done: !(noWayToPay && step === 'payments') })),
      }),
    ),
    http.patch(`/api/admin/invoices/${DRAFT_ID}`, () =>
      json(InvoiceStatusChangedSchema, {
        ...anInvoiceDetail({ ...draft, invoiceNumber: 'INV-0008', status: 'sent' }),
        message: 'Invoice INV-0008 was e-mailed to camille@example.com.',
        delivery: 'sent',
      }),
    ),
    http.get('/api/admin/invoices', () => json(InvoicePageSchema, pageOf(items))),
  );
  return recordRequests();
}

type Call = ReturnType<typeof stubInvoices>[number];
const listQueries = (calls: Call[]) =>
  calls.filter((call) => call.url.startsWith('/api/admin/invoices')).map((call) => call.url);

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('InvoicesPage', () => {
  it('sorts by a column header: aria-sort says the order, the URL and the request carry it', async () => {
    const calls = stubInvoices([sent, draft]);
    const location = renderWithApp(<InvoicesPage />, '/admin/invoices');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'INV-0007' });

    for (const name of ['Invoice', 'Client', 'Issued', 'Due', 'Total', 'Status']) {
      expect(header(name)).toHaveAttribute('aria-sort', 'none');
    }
    expect(header('Balance')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Due')).getByRole('button', { name: 'Due' }));
    await waitFor(() => expect(header('Due')).toHaveAttribute('aria-sort', 'ascending'));
    expect(location.history.at(-1)).toBe('/admin/invoices?sort=due&dir=asc');

    await user.click(within(header('Due')).getByRole('button', { name: 'Due' }));
    await waitFor(() => expect(header('Due')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Issued')).toHaveAttribute('aria-sort', 'none');
    expect(location.history.at(-1)).toBe('/admin/invoices?sort=due&dir=desc');

    await user.click(within(header('Client')).getByRole('button', { name: 'Client' }));
    await waitFor(() => expect(header('Client')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Due')).toHaveAttribute('aria-sort', 'none');

    await waitFor(() =>
      expect(listQueries(calls)).toEqual([
        '/api/admin/invoices',
        '/api/admin/invoices?sort=due&dir=asc',
        '/api/admin/invoices?sort=due&dir=desc',
        '/api/admin/invoices?sort=client&dir=asc',
      ]),
    );
  });

  it('calls a sent invoice paid in part "Partly paid", a sent one "Sent"', async () => {
    const partly = anInvoice({
      id: '7a8b9c0d-0000-4000-8000-0000000000e1',
      invoiceNumber: 'INV-0009',
      amountPaid: 5_000,
    });
    stubInvoices([sent, partly]);
    renderWithApp(<InvoicesPage />, '/admin/invoices');
    const partlyRow = (await screen.findByRole('link', { name: 'INV-0009' })).closest('tr')!;
    expect(within(partlyRow).getByText('Partly paid')).toBeVisible();
    expect(within(partlyRow).queryByText('Sent')).not.toBeInTheDocument();
    const sentRow = screen.getByRole('link', { name: 'INV-0007' }).closest('tr')!;
    expect(within(sentRow).getByText('Sent')).toBeVisible();
  });

  it('opens in the order of its URL, keeps the search and filter, and goes back to page 1', async () => {
    const calls = stubInvoices([sent]);
    const location = renderWithApp(
      <InvoicesPage />,
      '/admin/invoices?q=camille&status=sent&sort=total&dir=desc&page=2',
    );
    await screen.findByRole('link', { name: 'INV-0007' });
    expect(header('Total')).toHaveAttribute('aria-sort', 'descending');
    expect(listQueries(calls)).toEqual([
      '/api/admin/invoices?q=camille&status=sent&page=2&sort=total&dir=desc',
    ]);

    await userEvent.setup().click(within(header('Issued')).getByRole('button', { name: 'Issued' }));
    expect(location.history.at(-1)).toBe(
      '/admin/invoices?q=camille&status=sent&sort=issued&dir=asc',
    );
  });

  it('on a phone the "Sort by" select orders the cards, "Newest first" back to the default', async () => {
    stubInvoices([sent]);
    const location = renderWithApp(<InvoicesPage />, '/admin/invoices?sort=total&dir=desc');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'INV-0007' });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveDisplayValue('Total, largest first');
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Newest first',
      'Number, lowest first',
      'Number, highest first',
      'Client, A to Z',
      'Client, Z to A',
      'Issued, oldest first',
      'Issued, newest first',
      'Due, soonest first',
      'Due, latest first',
      'Total, smallest first',
      'Total, largest first',
      'Status, A to Z',
      'Status, Z to A',
    ]);

    await user.selectOptions(sortBy, 'Due, soonest first');
    expect(location.history.at(-1)).toBe('/admin/invoices?sort=due&dir=asc');
    await waitFor(() => expect(header('Due')).toHaveAttribute('aria-sort', 'ascending'));

    await user.selectOptions(sortBy, 'Newest first');
    expect(location.history.at(-1)).toBe('/admin/invoices');
    await waitFor(() => expect(header('Due')).toHaveAttribute('aria-sort', 'none'));
  });

  it("a draft's Send asks first when the invoice could not say how to pay, then sends", async () => {
    const calls = stubInvoices([draft, sent], { noWayToPay: true });
    renderWithApp(<InvoicesPage />, '/admin/invoices');
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: /^Send ?the draft for Delphine/ });
    // The checklist has loaded: the question is asked only once it is known.
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/setup-checklist')).toBe(true),
    );

    await user.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Send without a way to pay?' });
    expect(within(dialog).getByRole('link', { name: 'Add payment instructions in Settings' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(send);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send anyway' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: `/api/admin/invoices/${DRAFT_ID}`, body: { status: 'sent' } },
      ]),
    );
    expect(await screen.findByText('Invoice INV-0008 was e-mailed to camille@example.com.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a draft's Send sends at once when the invoice says how to pay", async () => {
    const calls = stubInvoices([draft], { noWayToPay: false });
    renderWithApp(<InvoicesPage />, '/admin/invoices');
    const send = await screen.findByRole('button', { name: /^Send ?the draft for Delphine/ });
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/setup-checklist')).toBe(true),
    );
    await userEvent.setup().click(send);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
