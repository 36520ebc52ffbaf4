import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPDATE_ALLOWANCE,
  UpdateAllowanceSettingsSchema,
  type UpdateAllowanceSettings,
} from '@shared/schemas/updates';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { UpdateAllowanceForm } from './update-allowance-form';

/** GET and PUT /api/admin/settings/updates; the PUT answers what it was sent. Returns those bodies. */
function stubAllowanceApi(current: UpdateAllowanceSettings = DEFAULT_UPDATE_ALLOWANCE) {
  const saved: unknown[] = [];
  apiServer.use(
    http.get('/api/admin/settings/updates', () => json(UpdateAllowanceSettingsSchema, current)),
    http.put('/api/admin/settings/updates', async ({ request }) => {
      const body = (await request.json()) as UpdateAllowanceSettings;
      saved.push(body);
      return json(UpdateAllowanceSettingsSchema, body);
    }),
  );
  return saved;
}

const plan = (name: string) => screen.getByRole('group', { name });

describe('UpdateAllowanceForm (Settings)', () => {
  it('shows the defaults, and saves counts, "Unlimited" as null and dollars as cents', async () => {
    const saved = stubAllowanceApi();
    const user = userEvent.setup();
    renderWithApp(<UpdateAllowanceForm />, '/admin/settings');

    const essentials = await screen.findByRole('group', { name: 'Essentials' });
    expect(within(essentials).getByLabelText('Updates per month')).toHaveValue(1);
    expect(within(plan('Signature')).getByLabelText('Updates per month')).toHaveValue(2);
    const prestige = plan('Prestige');
    expect(within(prestige).getByLabelText('Unlimited')).toBeChecked();
    expect(within(prestige).getByLabelText('Updates per month')).toBeDisabled();
    const price = screen.getByLabelText('Price of an extra update ($)');
    expect(price).toHaveValue('75.00');

    const count = within(essentials).getByLabelText('Updates per month');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(plan('Signature')).getByLabelText('Unlimited'));
    expect(within(plan('Signature')).getByLabelText('Updates per month')).toBeDisabled();
    await user.clear(price);
    await user.type(price, '80.5');
    await user.click(screen.getByRole('button', { name: 'Save Website Updates' }));

    expect((await screen.findAllByText('Website Updates Saved'))[0]).toBeVisible();
    expect(saved).toEqual([
      {
        updatesPerMonth: { essentials: 3, signature: null, prestige: null },
        extraUpdatePriceCents: 8050,
      },
    ]);
  });

  it('refuses a bad count or price under its field, and sends nothing', async () => {
    const saved = stubAllowanceApi();
    const user = userEvent.setup();
    renderWithApp(<UpdateAllowanceForm />, '/admin/settings');
    const essentials = await screen.findByRole('group', { name: 'Essentials' });
    const count = within(essentials).getByLabelText('Updates per month');
    await user.clear(count);
    await user.type(count, '101');
    // A plan no longer unlimited needs its number.
    await user.click(within(plan('Prestige')).getByLabelText('Unlimited'));
    const price = screen.getByLabelText('Price of an extra update ($)');
    await user.clear(price);
    await user.type(price, 'free');
    await user.click(screen.getByRole('button', { name: 'Save Website Updates' }));

    expect(
      await within(essentials).findByText('Updates per month must be between 0 and 100'),
    ).toBeVisible();
    expect(within(plan('Prestige')).getByText('Updates per month must be a number')).toBeVisible();
    expect(screen.getByText('Price of an extra update must be a number')).toBeVisible();
    expect(count).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(saved).toEqual([]));
  });
});
