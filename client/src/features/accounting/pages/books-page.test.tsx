import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TaxReportSchema, type TaxReport } from '@shared/schemas/tax';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { BooksPage } from './books-page';

const report = (basis: TaxReport['basis'], taxCollected: number): TaxReport => ({
  from: '2026-03-01',
  to: '2026-03-31',
  basis,
  rows: [
    {
      taxRateId: 'rate-state',
      name: 'Louisiana state',
      percent: 4.45,
      taxableSales: 9_000,
      taxCollected,
      taxRefunded: 0,
      netTax: taxCollected,
    },
  ],
  totalSales: 14_000,
  taxableSales: 9_000,
  exemptSales: 5_000,
  taxCollected,
  taxRefunded: 0,
  netTax: taxCollected,
});

describe('BooksPage', () => {
  it("shows each basis's report in the panel its tab controls", async () => {
    apiServer.use(
      http.get('/api/admin/reports/tax', ({ request }) => {
        const cash = new URL(request.url).searchParams.get('basis') === 'cash';
        return json(TaxReportSchema, report(cash ? 'cash' : 'accrual', cash ? 200 : 401));
      }),
    );
    renderWithApp(<BooksPage />, '/admin/books?period=custom&from=2026-03-01&to=2026-03-31');

    const accrual = screen.getByRole('tab', { name: 'Accrual' });
    expect(accrual).toHaveAttribute('aria-selected', 'true');
    // A tab names the panel it controls: axe refuses an aria-controls that names nothing.
    const panel = screen.getByRole('tabpanel', { name: 'Accrual' });
    expect(accrual).toHaveAttribute('aria-controls', panel.id);
    const row = await within(panel).findByRole('row', { name: /^Louisiana state/ });
    expect(row).toHaveTextContent('$4.01');

    await userEvent.click(screen.getByRole('tab', { name: 'Cash' }));
    const cashPanel = screen.getByRole('tabpanel', { name: 'Cash' });
    expect(screen.getByRole('tab', { name: 'Cash' })).toHaveAttribute(
      'aria-controls',
      cashPanel.id,
    );
    await expect
      .poll(() => within(cashPanel).queryByRole('row', { name: /^Louisiana state/ }))
      .toHaveTextContent('$2.00');
  });
});
