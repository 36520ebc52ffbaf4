import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { InvoicePageSchema } from '@shared/schemas/invoices';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { anInvoice } from '@tests/support/invoice-fixtures';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { InvoicesPage } from './invoices-page';

function stubList() {
  apiServer.use(
    http.get('/api/admin/invoices', () =>
      json(InvoicePageSchema, pageOf([anInvoice({ dueDate: '2026-12-06' })])),
    ),
  );
  return recordRequests();
}

const listCalls = (calls: ReturnType<typeof recordRequests>) =>
  calls.filter((call) => call.url.startsWith('/api/admin/invoices')).map((call) => call.url);

describe('InvoicesPage', () => {
  it('sorts by a column on the server: ascending first, then descending, kept in the address', async () => {
    const calls = stubList();
    const location = renderWithApp(<InvoicesPage />, '/admin/invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByText('Dec 6, 2026')).toBeVisible();
    const total = within(table).getByRole('columnheader', { name: 'Total' });
    expect(total).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(total).getByRole('button', { name: 'Total' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContain('/api/admin/invoices?sort=total&dir=asc'),
    );
    expect(location.history.at(-1)).toBe('/admin/invoices?sort=total&dir=asc');
    expect(within(table).getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(within(table).getByRole('button', { name: 'Total' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContain('/api/admin/invoices?sort=total&dir=desc'),
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Due' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/invoices?sort=due&dir=asc'));
    for (const name of ['Invoice', 'Client', 'Issued', 'Status']) {
      expect(within(table).getByRole('button', { name })).toBeVisible();
    }
  });
});
