import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LateFeeSettingsViewSchema, type LateFeeSettingsView } from '@shared/schemas/late-fees';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LateFeesForm } from './late-fees-form';

const OFF: LateFeeSettingsView = {
  enabled: false,
  kind: 'flat',
  amountCents: 2500,
  percent: 1.5,
  graceDays: 15,
  taxable: false,
};

describe('LateFeesForm (Settings)', () => {
  it('previews the terms as typed and saves a percentage as the API takes it', async () => {
    const saved: unknown[] = [];
    apiServer.use(
      http.get('/api/admin/settings/late-fees', () => json(LateFeeSettingsViewSchema, OFF)),
      http.put('/api/admin/settings/late-fees', async ({ request }) => {
        const body = (await request.json()) as LateFeeSettingsView;
        saved.push(body);
        return json(LateFeeSettingsViewSchema, body);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<LateFeesForm />, '/admin/settings');

    expect(await screen.findByLabelText('Amount ($)')).toHaveValue('25.00');
    expect(
      screen.getByText(
        'A late fee of $25.00 applies to an invoice not paid 15 days after its due date.',
      ),
    ).toBeVisible();

    await user.click(screen.getByLabelText('Charge a late fee'));
    await user.selectOptions(screen.getByLabelText('Fee'), 'percent');
    const percent = screen.getByLabelText('Percentage (%)');
    await user.clear(percent);
    await user.type(percent, '2.25');
    const grace = screen.getByLabelText('Grace days after the due date');
    await user.clear(grace);
    await user.type(grace, '1');
    expect(
      screen.getByText(
        'A late fee of 2.25% of the balance due applies to an invoice not paid 1 day after its due date.',
      ),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save Late Fees' }));
    expect((await screen.findAllByText('Late Fees Saved'))[0]).toBeVisible();
    expect(saved).toEqual([
      {
        enabled: true,
        kind: 'percent',
        amountCents: 2500,
        percent: 2.25,
        graceDays: 1,
        taxable: false,
      },
    ]);
  });
});
