import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TAX_MESSAGES, TaxRateSchema } from '@shared/schemas/tax';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LOUISIANA_RATES, taxRate, taxRatesHandler } from '@tests/support/tax-fixtures';
import { TaxRatesCard } from './tax-rates-card';

const [STATE, PARISH] = LOUISIANA_RATES as [
  (typeof LOUISIANA_RATES)[0],
  (typeof LOUISIANA_RATES)[0],
];
const RETIRED = taxRate({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Old city rate',
  percent: 2.5,
  retiredAt: '2026-10-01T12:00:00.000Z',
  used: true,
});

const changes = (calls: ReturnType<typeof recordRequests>) =>
  calls
    .filter((call) => call.method !== 'GET')
    .map(({ method, url, body }) => ({ method, url, body }));

describe('TaxRatesCard', { timeout: 20_000 }, () => {
  it('lists the rates as percentages, adds one with up to 3 decimals and makes one default', async () => {
    apiServer.use(
      taxRatesHandler([STATE, PARISH, RETIRED]),
      http.post('/api/admin/tax-rates', () =>
        json(
          TaxRateSchema,
          taxRate({
            id: '00000000-0000-4000-8000-000000000004',
            name: 'Mobile city',
            percent: 7.125,
          }),
          { status: 201 },
        ),
      ),
      http.patch('/api/admin/tax-rates/:id', () =>
        json(TaxRateSchema, { ...PARISH, isDefault: true }),
      ),
    );
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<TaxRatesCard />, '/admin/settings');

    const rows = await screen.findAllByTestId('tax-rate');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Louisiana state4\.45%Default/),
      expect.stringMatching(/^Orleans parish5%Rename/),
      'Old city rate2.5%Retired',
    ]);

    await user.type(screen.getByLabelText('Rate name'), 'Mobile city');
    await user.type(screen.getByLabelText('Percentage (%)'), '7.1255');
    await user.click(screen.getByRole('button', { name: 'Add tax rate' }));
    expect(
      await screen.findByText(
        'The rate must be a percentage between 0 and 100 with at most 3 decimals',
      ),
    ).toBeVisible();
    expect(changes(calls)).toEqual([]);

    await user.clear(screen.getByLabelText('Percentage (%)'));
    await user.type(screen.getByLabelText('Percentage (%)'), '7.125');
    await user.click(screen.getByRole('button', { name: 'Add tax rate' }));
    expect(await screen.findByText('Mobile city 7.125%')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Make default: Orleans parish' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'POST',
          url: '/api/admin/tax-rates',
          body: { name: 'Mobile city', percent: 7.125, isDefault: false },
        },
        {
          method: 'PATCH',
          url: `/api/admin/tax-rates/${PARISH.id}`,
          body: { isDefault: true },
        },
      ]),
    );
  });

  it('shows why a rate used on an invoice cannot be deleted', async () => {
    apiServer.use(
      taxRatesHandler([{ ...STATE, used: true }]),
      http.delete('/api/admin/tax-rates/:id', () => errorJson(409, TAX_MESSAGES.rateUsed)),
      http.post('/api/admin/tax-rates/:id/retire', () => HttpResponse.json({}, { status: 500 })),
    );
    const user = userEvent.setup();
    renderWithApp(<TaxRatesCard />, '/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Louisiana state' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tax rate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText(TAX_MESSAGES.rateUsed))[0]).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('tax-rate')).toHaveTextContent('Louisiana state');
  });
});
