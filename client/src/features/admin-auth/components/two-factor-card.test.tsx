import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  EnableTwoFactorSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@shared/schemas/auth';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { groupSecret, TwoFactorCard } from './two-factor-card';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'the-admin-password';
const WRONG = 'The password or the code is not correct';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb-ccccc-ddddd`);

/** A small stand-in of the two-factor API, keeping its own on/off state. */
function stubTwoFactorApi() {
  let enabled = false;
  apiServer.use(
    http.get('/api/admin/two-factor', () =>
      json(TwoFactorStatusSchema, {
        enabled,
        enabledAt: enabled ? '2026-11-20T10:00:00.000Z' : null,
        recoveryCodesLeft: enabled ? 10 : 0,
      }),
    ),
    http.post('/api/admin/two-factor/setup', () =>
      json(TwoFactorSetupSchema, {
        secret: SECRET,
        otpauthUrl: `otpauth://totp/x?secret=${SECRET}`,
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    ),
    http.post('/api/admin/two-factor/enable', async ({ request }) => {
      const { password, code } = EnableTwoFactorSchema.parse(await request.json());
      if (code === '999999') return new HttpResponse(null, { status: 503 });
      if (password !== PASSWORD || code !== '123456') return errorJson(400, WRONG);
      enabled = true;
      return json(RecoveryCodesSchema, { recoveryCodes: CODES });
    }),
  );
  return recordRequests();
}

describe('TwoFactorCard', () => {
  it('goes from set-up (QR code and key) through a first code to recovery codes shown once', async () => {
    const requests = stubTwoFactorApi();
    renderWithApp(<TwoFactorCard />, '/admin/settings');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(groupSecret(SECRET));

    // Checked in the browser first: five digits are not a code.
    await user.type(screen.getByLabelText('Code from the app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/enable'))).toBe(false);

    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(requests.find((r) => r.url.endsWith('/enable'))?.body).toEqual({
      password: PASSWORD,
      code: '123456',
    });
    expect(screen.getByRole('button', { name: /Download codes/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('shows a refused password or code on the form, and any other failure in a toast', async () => {
    stubTwoFactorApi();
    renderWithApp(<TwoFactorCard />, '/admin/settings');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    const code = await screen.findByLabelText('Code from the app');
    const password = screen.getByLabelText('Password');

    await user.type(password, 'not-the-password');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(password).toHaveFocus();
    expect(screen.queryByText('Two-factor authentication is still off')).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, PASSWORD);

    await user.clear(code);
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      (
        await screen.findAllByText('Two-factor authentication is still off', {}, { timeout: 5000 })
      )[0],
    ).toBeVisible();
    expect(screen.getAllByText('Please try again.')[0]).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it('groups the key by four for typing', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
