import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiServer, recordRequests } from '@tests/support/api-server';
import {
  PROPOSAL_SETTINGS,
  proposalSettingsHandlers,
} from '@tests/support/proposal-admin-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { ProposalSettingsCard } from './proposal-settings-card';

describe('ProposalSettingsCard', { timeout: 15_000 }, () => {
  it('edits the default terms, the consent wording and the reminder, and saves them', async () => {
    apiServer.use(...proposalSettingsHandlers());
    const calls = recordRequests();
    renderWithApp(<ProposalSettingsCard />, '/admin/settings');
    const terms = await screen.findByRole('textbox', { name: 'Default terms' });
    expect(terms).toHaveValue(PROPOSAL_SETTINGS.terms);
    const consent = screen.getByRole('textbox', { name: 'Consent to sign electronically' });
    expect(consent).toHaveValue(PROPOSAL_SETTINGS.consentText);
    const days = screen.getByRole('spinbutton', { name: 'Reminder (days before expiry)' });
    expect(days).toHaveValue(3);
    const user = userEvent.setup();

    await user.clear(consent);
    await user.clear(days);
    await user.type(days, '61');
    await user.click(screen.getByRole('button', { name: 'Save proposal settings' }));
    expect(await screen.findByText('The consent wording is required')).toBeVisible();
    expect(screen.getByText('Reminder days must be between 0 and 60')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.type(consent, 'I agree to sign electronically and to receive records by e-mail.');
    await user.clear(days);
    await user.type(days, '5');
    await user.clear(terms);
    await user.type(terms, 'Half up front.');
    await user.click(screen.getByRole('button', { name: 'Save proposal settings' }));
    expect(await screen.findByText('Proposal settings saved')).toBeVisible();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        {
          terms: 'Half up front.',
          consentText: 'I agree to sign electronically and to receive records by e-mail.',
          reminderDaysBeforeExpiry: 5,
        },
      ]),
    );
  });
});
