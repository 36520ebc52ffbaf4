import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  GeneratedSignupLinkSchema,
  SignupLinkPageSchema,
  SignupLinkSchema,
  SignupLinkSentSchema,
  type SignupLink,
} from '@shared/schemas/signup-links';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { SignupLinksTable } from './signup-links-table';

const NEW_URL = `http://localhost/signup/${'n'.repeat(43)}`;

function link(overrides: Partial<SignupLink>): SignupLink {
  return {
    id: 'l1',
    email: 'odile@example.com',
    planType: 'signature',
    state: 'waiting',
    createdAt: '2026-05-01T10:00:00.000Z',
    expiresAt: '2026-05-02T10:00:00.000Z',
    usedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

function stubLinks(items: SignupLink[]) {
  apiServer.use(
    http.get('/api/admin/signup-links', () => json(SignupLinkPageSchema, pageOf(items))),
    http.post('/api/admin/signup-links/:id/renew', ({ params }) =>
      json(GeneratedSignupLinkSchema, {
        signupUrl: NEW_URL,
        link: link({ id: String(params.id) }),
        invitation: { subject: 'Your plan', body: `Create your account: ${NEW_URL}` },
      }),
    ),
    http.post('/api/admin/signup-links/:id/resend', () =>
      json(SignupLinkSentSchema, {
        message: 'The invitation was sent to odile@example.com through SMTP 127.0.0.1.',
        delivery: 'sent',
      }),
    ),
    http.post('/api/admin/signup-links/:id/revoke', ({ params }) =>
      json(
        SignupLinkSchema,
        link({ id: String(params.id), state: 'revoked', revokedAt: '2026-05-01T12:00:00.000Z' }),
      ),
    ),
  );
  return recordRequests();
}

describe('SignupLinksTable', () => {
  it('copies a new link for a row to the clipboard', async () => {
    const calls = stubLinks([link({})]);
    const user = userEvent.setup();
    renderWithApp(<SignupLinksTable />, '/admin/clients/invite');
    await user.click(
      await screen.findByRole('button', { name: 'Copy a new link for odile@example.com' }),
    );
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(
      screen.getByText('A new signup link for odile@example.com copied to clipboard'),
    ).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(NEW_URL);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'POST /api/admin/signup-links/l1/renew',
    );
  });

  it('re-sends the invitation of a row and shows how it went out', async () => {
    const calls = stubLinks([link({ state: 'expired' })]);
    const user = userEvent.setup();
    renderWithApp(<SignupLinksTable />, '/admin/clients/invite');
    await user.click(
      await screen.findByRole('button', { name: 'Re-send the invitation to odile@example.com' }),
    );
    expect(
      await screen.findByText(
        'The invitation was sent to odile@example.com through SMTP 127.0.0.1.',
      ),
    ).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'POST /api/admin/signup-links/l1/resend',
    );
    // An expired link can be renewed, not revoked.
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('revokes a waiting link after asking, and offers nothing on a used or revoked one', async () => {
    const calls = stubLinks([
      link({}),
      link({
        id: 'l2',
        email: 'used@example.com',
        state: 'used',
        usedAt: '2026-05-01T11:00:00.000Z',
      }),
    ]);
    const user = userEvent.setup();
    renderWithApp(<SignupLinksTable />, '/admin/clients/invite');
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the link for odile@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this signup link?' });
    expect(calls.some((call) => call.url.endsWith('/revoke'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'POST /api/admin/signup-links/l1/revoke',
    );
    const usedRow = screen.getByText('used@example.com').closest('tr')!;
    expect(within(usedRow).queryAllByRole('button')).toHaveLength(0);
  });
});
