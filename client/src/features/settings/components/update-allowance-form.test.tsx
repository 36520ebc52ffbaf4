import { screen, waitFor } from '@testing-library/react';
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

describe('UpdateAllowanceForm (Settings)', () => {
  // Each plan's monthly count moved to the plan (Plans, issue 37); Settings keeps the price.
  it('shows the default price, says where the counts are, and saves dollars as cents', async () => {
    const saved = stubAllowanceApi();
    const user = userEvent.setup();
    renderWithApp(<UpdateAllowanceForm />, '/admin/settings');

    const price = await screen.findByLabelText('Price of an extra update ($)');
    expect(price).toHaveValue('75.00');
    expect(
      screen.getByText('The updates each plan includes a month are set on the plan (Plans).'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Updates per month')).not.toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '80.5');
    await user.click(screen.getByRole('button', { name: 'Save Website Updates' }));

    expect((await screen.findAllByText('Website Updates Saved'))[0]).toBeVisible();
    expect(saved).toEqual([{ extraUpdatePriceCents: 8050 }]);
  });

  it('refuses a bad price under its field, and sends nothing', async () => {
    const saved = stubAllowanceApi();
    const user = userEvent.setup();
    renderWithApp(<UpdateAllowanceForm />, '/admin/settings');
    const price = await screen.findByLabelText('Price of an extra update ($)');
    await user.clear(price);
    await user.type(price, 'free');
    await user.click(screen.getByRole('button', { name: 'Save Website Updates' }));

    expect(await screen.findByText('Price of an extra update must be a number')).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(saved).toEqual([]));
  });
});
