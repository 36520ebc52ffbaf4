import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BusinessSettingsSchema,
  PublicSettingsSchema,
  type BusinessSettings,
} from '@shared/schemas/settings';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { BusinessSettingsForm } from './business-settings-form';

const settings: BusinessSettings = {
  businessName: 'Bayou Web Works',
  businessEmail: 'hi@bayou.example',
  businessPhone: '',
  businessCity: 'Lafayette',
  businessState: 'LA',
  businessWebsite: '',
  autoSendRenewals: true,
  requireAdminTwoFactor: false,
  consultationEmails: true,
  heldMailDigest: true,
  paymentInstructions: '',
  remindersEnabled: false,
  reminderDays: [5, 30],
  attachmentMaxFileMb: 10,
  attachmentMaxMessageMb: 25,
  originalEmailDays: 120,
  signupLinkDays: 7,
  priceChangeNoticeDays: 30,
};

/** GET and PUT /api/admin/settings; the PUT answers what it was sent. Returns those bodies. */
function stubSettingsApi() {
  const saved: unknown[] = [];
  apiServer.use(
    http.put('/api/admin/settings', async ({ request }) => {
      const body = (await request.json()) as BusinessSettings;
      saved.push(body);
      return json(BusinessSettingsSchema, body);
    }),
    http.get('/api/admin/settings', () => json(BusinessSettingsSchema, settings)),
    http.get('/api/settings/public', () =>
      json(PublicSettingsSchema, {
        businessName: settings.businessName,
        businessEmail: settings.businessEmail,
        businessLocation: 'Lafayette, LA',
      }),
    ),
  );
  return saved;
}

describe('BusinessSettingsForm', () => {
  it('saves the payment instructions, reminders and the reminder days typed as text', async () => {
    const saved = stubSettingsApi();
    renderWithApp(<BusinessSettingsForm />, '/admin/settings');
    const user = userEvent.setup();

    const payments = await screen.findByRole('group', { name: 'Payments' });
    const days = within(payments).getByLabelText('Reminder days after the due date');
    expect(days).toHaveValue('5, 30');
    expect(
      within(payments).getByLabelText('Send reminders for overdue invoices'),
    ).not.toBeChecked();

    await user.type(
      within(payments).getByLabelText('Payment instructions'),
      'Bank transfer to Acadiana Bank, account 1234',
    );
    await user.click(within(payments).getByLabelText('Send reminders for overdue invoices'));
    await user.clear(days);
    await user.type(days, '3, 7, 14');
    await user.click(screen.getByRole('button', { name: 'Save Business Information' }));

    expect((await screen.findAllByText('Settings Saved'))[0]).toBeVisible();
    expect(saved).toEqual([
      {
        ...settings,
        paymentInstructions: 'Bank transfer to Acadiana Bank, account 1234',
        remindersEnabled: true,
        reminderDays: [3, 7, 14],
      },
    ]);
    expect(days).toHaveValue('3, 7, 14');
  });

  it('changes how long the original support e-mails are kept', async () => {
    const saved = stubSettingsApi();
    renderWithApp(<BusinessSettingsForm />, '/admin/settings');
    const user = userEvent.setup();
    const support = await screen.findByRole('group', { name: 'Support e-mail' });
    const days = within(support).getByLabelText('Keep original e-mails (days)');
    expect(days).toHaveValue(120);
    await user.clear(days);
    await user.type(days, '5000');
    await user.click(screen.getByRole('button', { name: 'Save Business Information' }));
    expect(
      await screen.findByText('Days to keep original e-mails must be between 1 and 3650'),
    ).toBeVisible();
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save Business Information' }));
    expect((await screen.findAllByText('Settings Saved'))[0]).toBeVisible();
    expect(saved).toEqual([{ ...settings, originalEmailDays: 30 }]);
  });

  it('changes how many days signup links work', async () => {
    const saved = stubSettingsApi();
    renderWithApp(<BusinessSettingsForm />, '/admin/settings');
    const user = userEvent.setup();
    const links = await screen.findByRole('group', { name: 'Signup links' });
    const days = within(links).getByLabelText('Signup links work for (days)');
    expect(days).toHaveValue(7);
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: 'Save Business Information' }));
    expect((await screen.findAllByText('Settings Saved'))[0]).toBeVisible();
    expect(saved).toEqual([{ ...settings, signupLinkDays: 14 }]);
  });

  it('turns the consultation e-mails off', async () => {
    const saved = stubSettingsApi();
    renderWithApp(<BusinessSettingsForm />, '/admin/settings');
    const user = userEvent.setup();
    const emails = await screen.findByLabelText('E-mail me each consultation request');
    expect(emails).toBeChecked();
    await user.click(emails);
    await user.click(screen.getByRole('button', { name: 'Save Business Information' }));
    expect((await screen.findAllByText('Settings Saved'))[0]).toBeVisible();
    expect(saved).toEqual([{ ...settings, consultationEmails: false }]);
  });

  it("shows the schema's messages under the reminder days, and saves nothing", async () => {
    const saved = stubSettingsApi();
    renderWithApp(<BusinessSettingsForm />, '/admin/settings');
    const user = userEvent.setup();
    const days = await screen.findByLabelText('Reminder days after the due date');
    const save = screen.getByRole('button', { name: 'Save Business Information' });

    await user.clear(days);
    await user.type(days, '3, 120');
    await user.click(save);
    expect(await screen.findByText('Reminder days must be between 1 and 90')).toBeVisible();
    expect(days).toHaveAttribute('aria-invalid', 'true');

    await user.clear(days);
    await user.type(days, '1, 2, 3, 4, 5, 6');
    await user.click(save);
    expect(await screen.findByText('At most 5 reminders')).toBeVisible();

    await user.clear(days);
    await user.type(days, 'a week');
    await user.click(save);
    expect(await screen.findByText('Reminder days must be numbers')).toBeVisible();
    expect(saved).toEqual([]);
  });
});
