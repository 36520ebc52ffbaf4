import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  OutboxMessageSchema,
  OutboxPageSchema,
  OutboxResentSchema,
  SECRET_HIDDEN,
  type OutboxEntry,
  type OutboxMessage,
} from '@shared/schemas/mail';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { OutboxPage } from './outbox-page';

const FAILED: OutboxEntry = {
  id: '0b8f3f1e-0000-4000-8000-000000000001',
  toAddress: 'amelie@example.com',
  clientId: '0b8f3f1e-0000-4000-8000-0000000000c1',
  subject: 'Receipt for invoice INV-2026-0007',
  status: 'failed',
  error: '451 Mailbox temporarily unavailable',
  attempts: 5,
  createdAt: '2026-12-07T15:05:00.000Z',
};
const KEPT: OutboxEntry = {
  ...FAILED,
  id: '0b8f3f1e-0000-4000-8000-000000000002',
  toAddress: 'hello@coastandcode.studio',
  clientId: null,
  subject: 'New support ticket: Broken form',
  status: 'stored',
  error: null,
  attempts: 0,
};

const full = (entry: OutboxEntry): OutboxMessage => ({
  ...entry,
  fromAddress: '"Coast & Code Studio" <hello@coastandcode.studio>',
  replyTo: null,
  messageId: null,
  text: 'Thank you: invoice INV-2026-0007 is paid in full.',
  html: null,
  liveSecret: null,
  attachments: [],
});

/**
 * The outbox API: its list, one message, and Send again answering `resend` (no handler
 * without it: a screen that sends fails the test). Returns the calls as `METHOD /path?query`.
 */
function stubOutbox(resend?: (message: OutboxMessage) => Response) {
  let failed = full(FAILED);
  apiServer.use(
    http.get('/api/admin/outbox', () =>
      json(OutboxPageSchema, { items: [failed, KEPT], total: 2, page: 1, pageSize: 25 }),
    ),
    ...(resend
      ? [
          http.post(`/api/admin/outbox/${FAILED.id}/send`, () => {
            const answer = resend(failed);
            if (answer.ok) failed = { ...failed, status: 'sent', error: null, attempts: 6 };
            else failed = { ...failed, attempts: failed.attempts + 1 };
            return answer;
          }),
        ]
      : []),
    http.get(`/api/admin/outbox/${FAILED.id}`, () => json(OutboxMessageSchema, failed)),
    http.get(`/api/admin/outbox/${KEPT.id}`, () => json(OutboxMessageSchema, full(KEPT))),
  );
  const requests = recordRequests();
  return {
    /** The calls so far, as `METHOD /path?query`. */
    get list() {
      return requests.map(({ method, url }) => `${method} ${url}`);
    },
  };
}

describe('OutboxPage', () => {
  it('asks for the page the URL names, and links a client recipient to their page', async () => {
    const calls = stubOutbox();
    renderWithApp(<OutboxPage params={{}} />, '/admin/outbox?q=amelie&status=failed&page=2');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(calls.list[0]).toBe('GET /api/admin/outbox?q=amelie&status=failed&page=2');
    const [failed, kept] = within(list).getAllByRole('listitem');
    expect(within(failed!).getByRole('link', { name: 'amelie@example.com' })).toHaveAttribute(
      'href',
      `/admin/clients/${FAILED.clientId}`,
    );
    expect(within(failed!).getByRole('link', { name: FAILED.subject })).toHaveAttribute(
      'href',
      `/admin/outbox/${FAILED.id}?q=amelie&status=failed&page=2`,
    );
    expect(failed).toHaveTextContent('Tried 5 times: 451 Mailbox temporarily unavailable');
    expect(within(kept!).queryByRole('link', { name: KEPT.toAddress })).toBeNull();
    expect(kept).toHaveTextContent('In outbox');
  });

  it('says a kept message was kept, never sent', async () => {
    stubOutbox();
    renderWithApp(<OutboxPage params={{ id: KEPT.id }} />, `/admin/outbox/${KEPT.id}`);
    expect(
      await screen.findByText('Kept in the outbox: no mail server is configured.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('shows the Reply-To and Message-ID a message about a ticket carries', async () => {
    stubOutbox();
    apiServer.use(
      http.get(`/api/admin/outbox/${KEPT.id}`, () =>
        json(OutboxMessageSchema, {
          ...full(KEPT),
          replyTo: 'support+t_0123456789abcdef0123456789abcdef@coastandcode.studio',
          messageId: '<ticket-7f3c@coastandcode.studio>',
        }),
      ),
    );
    renderWithApp(<OutboxPage params={{ id: KEPT.id }} />, `/admin/outbox/${KEPT.id}`);
    const replyTo = await screen.findByText('Reply-To', { selector: 'dt' });
    expect(replyTo.nextSibling).toHaveTextContent(
      'support+t_0123456789abcdef0123456789abcdef@coastandcode.studio',
    );
    expect(screen.getByText('Message-ID', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '<ticket-7f3c@coastandcode.studio>',
    );
  });

  it('sends a failed message again: a refusal shows its error, then the message goes', async () => {
    let refusing = true;
    const calls = stubOutbox((message) =>
      refusing
        ? errorJson(502, 'The message could not be sent: 451 Mailbox temporarily unavailable')
        : json(OutboxResentSchema, {
            message: `Sent to ${message.toAddress} through SMTP mail.example.`,
            outbox: { ...message, status: 'sent', error: null, attempts: 7 },
          }),
    );
    renderWithApp(<OutboxPage params={{ id: FAILED.id }} />, `/admin/outbox/${FAILED.id}`);
    const user = userEvent.setup();
    expect(await screen.findByText('Tried 5 times.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not sent: 451 Mailbox temporarily unavailable',
    );

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(
      (
        await screen.findAllByText(
          'The message could not be sent: 451 Mailbox temporarily unavailable',
        )
      )[0],
    ).toBeVisible();
    expect(await screen.findByText('Tried 6 times.')).toBeInTheDocument();

    refusing = false;
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(
      (await screen.findAllByText('Sent to amelie@example.com through SMTP mail.example.'))[0],
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(calls.list.filter((call) => call.startsWith('POST'))).toEqual([
      `POST /api/admin/outbox/${FAILED.id}/send`,
      `POST /api/admin/outbox/${FAILED.id}/send`,
    ]);
  });
  const RESET = {
    ...full({ ...KEPT, status: 'sent', attempts: 1 }),
    subject: 'Set a new password for your Coast & Code Studio admin account',
    text: `Set a new password: https://coastandcode.studio/admin/reset-password?token=${SECRET_HIDDEN}`,
    liveSecret: 'hidden' as const,
  };

  it('says why a live code or link is hidden when a mail server delivers', async () => {
    apiServer.use(http.get(`/api/admin/outbox/${KEPT.id}`, () => json(OutboxMessageSchema, RESET)));
    renderWithApp(<OutboxPage params={{ id: KEPT.id }} />, `/admin/outbox/${KEPT.id}`);
    expect(
      await screen.findByText(
        /it is hidden here, as any admin could use it/,
        {},
        { timeout: 5000 },
      ),
    ).toHaveTextContent(
      "It carries a code or link that opens the recipient's account and still works: it is hidden here, as any admin could use it. The recipient got it whole, and Send again sends it whole.",
    );
    expect(screen.getByText(/token=\[hidden while it works\]/)).toBeVisible();
  });

  it('says why a live code or link is shown without a mail server', async () => {
    apiServer.use(
      http.get(`/api/admin/outbox/${KEPT.id}`, () =>
        json(OutboxMessageSchema, {
          ...RESET,
          status: 'stored',
          attempts: 0,
          text: 'Set a new password: https://coastandcode.studio/admin/reset-password?token=abc',
          liveSecret: 'shown',
        }),
      ),
    );
    renderWithApp(<OutboxPage params={{ id: KEPT.id }} />, `/admin/outbox/${KEPT.id}`);
    expect(
      await screen.findByText(
        /It is shown because no mail server is configured/,
        {},
        { timeout: 5000 },
      ),
    ).toHaveTextContent(
      "It carries a code or link that opens the recipient's account and still works. It is shown because no mail server is configured (SMTP_URL): the outbox is how it reaches the recipient. With a mail server it is hidden here.",
    );
    expect(screen.getByText(/token=abc/)).toBeVisible();
  });
});
