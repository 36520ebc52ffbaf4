import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ClientPasswordResetSentSchema,
  ClientPasswordResetStatusSchema,
} from '@shared/schemas/clients';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { PasswordResetCard } from './password-reset-card';

const ID = '5b0e2f7c-1d7a-4e3b-9a51-8c2d4f6a9e10';
const PATH = `/api/admin/clients/${ID}/password-reset`;

describe('PasswordResetCard', { timeout: 15_000 }, () => {
  it('sends a built-in client the reset e-mail and says to whom', async () => {
    apiServer.use(
      http.get(PATH, () => json(ClientPasswordResetStatusSchema, { available: true })),
      http.post(PATH, () =>
        json(ClientPasswordResetSentSchema, {
          message: 'Password reset e-mail sent to camille@example.com.',
        }),
      ),
    );
    const calls = recordRequests();
    renderWithApp(<PasswordResetCard clientId={ID} />, `/admin/clients/${ID}`);
    const button = await screen.findByRole('button', { name: 'Send password reset e-mail' });
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset e-mail sent to camille@example.com.',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([PATH]);
  });

  it("shows the server's refusal", async () => {
    apiServer.use(
      http.get(PATH, () => json(ClientPasswordResetStatusSchema, { available: true })),
      http.post(PATH, () =>
        errorJson(502, 'The e-mail to camille@example.com could not be sent: connection refused.'),
      ),
    );
    renderWithApp(<PasswordResetCard clientId={ID} />, `/admin/clients/${ID}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send password reset e-mail' }),
    );
    expect(
      await screen.findByText(
        'The e-mail to camille@example.com could not be sent: connection refused.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no button for a client of an external provider, and says why', async () => {
    apiServer.use(
      http.get(PATH, () => json(ClientPasswordResetStatusSchema, { available: false })),
    );
    renderWithApp(<PasswordResetCard clientId={ID} />, `/admin/clients/${ID}`);
    expect(
      await screen.findByText(
        'This client signs in with an external provider: their password is reset there.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password reset/ })).toBeNull();
  });
});
