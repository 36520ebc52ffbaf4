import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AdminReplyResultSchema,
  AdminTicketDetailSchema,
  type AdminTicketDetail,
  type TicketStatus,
} from '@shared/schemas/tickets';
import { OriginalEmailSchema } from '@shared/schemas/inbound';
import {
  apiServer,
  attachmentLimitsHandler,
  errorJson,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AdminTicketPage } from './admin-ticket-page';

const ID = '5e6f7a8b-0000-4000-8000-000000000000';

function detail(status: TicketStatus, replies: string[] = []): AdminTicketDetail {
  return {
    ticket: {
      id: ID,
      number: 12,
      source: 'portal' as const,
      kind: 'question',
      subject: 'Broken contact form',
      description: 'The contact form on the home page does nothing.',
      priority: 'high',
      status,
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
      client: {
        id: 'c1',
        name: 'Honoré Broussard',
        firstName: 'Honoré',
        email: 'honore@example.com',
      },
      planAtOpen: 'signature',
      responseDueAt: null,
      firstResponseAt: null,
    },
    attachments: [],
    messages: [
      {
        id: 'm1',
        message: 'It still does nothing.',
        isAdminReply: false,
        source: 'portal',
        attachments: [],
        createdAt: '2026-11-20T13:00:00.000Z',
      },
      ...replies.map((message, index) => ({
        id: `r${index}`,
        message,
        isAdminReply: true,
        source: 'admin' as const,
        attachments: [],
        createdAt: '2026-11-20T14:00:00.000Z',
      })),
    ],
  };
}

describe('AdminTicketPage', () => {
  it('shows whose ticket it is; a refused status change says so, a reply is sent', async () => {
    apiServer.use(
      http.patch(`/api/admin/tickets/${ID}`, () => new HttpResponse(null, { status: 500 })),
      http.post(`/api/admin/tickets/${ID}/messages`, () =>
        json(
          AdminReplyResultSchema,
          { ...detail('resolved', ['Fixed: it sends again.']), refused: [], renamed: [] },
          { status: 201 },
        ),
      ),
      http.get(`/api/admin/tickets/${ID}`, () => json(AdminTicketDetailSchema, detail('open'))),
      attachmentLimitsHandler(),
    );
    const calls = recordRequests();
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);

    expect(await screen.findByRole('heading', { name: 'Broken contact form' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'honore@example.com' })).toHaveAttribute(
      'href',
      'mailto:honore@example.com',
    );
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('Honoré Broussard')).toBeVisible();
    expect(within(conversation).queryByText('Client')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status', { exact: true }), 'resolved');
    expect(
      (
        await screen.findAllByText(
          'Failed to update the ticket. Please try again.',
          {},
          { timeout: 5000 },
        )
      )[0],
    ).toBeVisible();
    expect(screen.getByLabelText('Status', { exact: true })).toHaveValue('open');

    await user.type(screen.getByLabelText('Reply to the client'), 'Fixed: it sends again.');
    await user.selectOptions(screen.getByLabelText('Then set status'), 'resolved');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect((await screen.findAllByText('Reply Sent'))[0]).toBeVisible();
    expect(screen.getByLabelText('Reply to the client')).toHaveValue('');
    expect(screen.getByLabelText('Then set status')).toHaveValue('');
    expect(screen.getByLabelText('Status', { exact: true })).toHaveValue('resolved');
    expect(within(conversation).getByText('You (Coast & Code Studio)')).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'PATCH', url: `/api/admin/tickets/${ID}`, body: { status: 'resolved' } },
      {
        method: 'POST',
        url: `/api/admin/tickets/${ID}/messages`,
        body: { message: 'Fixed: it sends again.', status: 'resolved' },
      },
    ]);
  });

  it('lets the admin make a question a website update, which the server then counts', async () => {
    apiServer.use(
      http.patch(`/api/admin/tickets/${ID}`, () => {
        const changed = detail('open');
        changed.ticket.kind = 'update';
        return json(AdminTicketDetailSchema, changed);
      }),
      http.get(`/api/admin/tickets/${ID}`, () => json(AdminTicketDetailSchema, detail('open'))),
      attachmentLimitsHandler(),
    );
    const calls = recordRequests();
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);

    const kind = await screen.findByRole('combobox', { name: 'Kind' });
    expect(kind).toHaveValue('question');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Question or problem', 'Website update']);
    await userEvent.setup().selectOptions(kind, 'Website update');
    expect((await screen.findAllByText('Kind: Website update'))[0]).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('update');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'PATCH', url: `/api/admin/tickets/${ID}`, body: { kind: 'update' } },
    ]);
  });

  it('marks what came by e-mail and shows the original only when asked', async () => {
    const byEmail = detail('open');
    byEmail.ticket.source = 'email';
    byEmail.messages[0] = { ...byEmail.messages[0]!, source: 'email', message: 'Yes, go ahead.' };
    apiServer.use(
      http.get(`/api/admin/tickets/${ID}`, () => json(AdminTicketDetailSchema, byEmail)),
      http.get(`/api/admin/tickets/${ID}/messages/m1/original`, () =>
        json(OriginalEmailSchema, {
          from: 'Honoré <honore@example.com>',
          to: 'support+t_abc@studio.test',
          date: '2026-11-20T13:00:00.000Z',
          subject: 'Re: [#12] Broken contact form',
          text: 'Yes, go ahead.\n\nOn Tuesday you wrote:\n> <b>Shall we?</b>',
        }),
      ),
    );
    const calls = recordRequests();
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);

    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('by e-mail')).toBeVisible();
    expect(screen.getByText(/Created .* by e-mail/)).toBeVisible();
    // Two disclosures: the e-mail that opened the ticket, and the answer's.
    const disclosures = screen.getAllByText('View original e-mail');
    expect(disclosures).toHaveLength(2);
    expect(calls.some((call) => call.url.includes('/original'))).toBe(false);

    await userEvent.setup().click(within(conversation).getByText('View original e-mail'));
    // The quoted history is there, as text: the mail's markup is never rendered.
    expect(await screen.findByText(/> <b>Shall we\?<\/b>/)).toBeVisible();
    expect(screen.getByText('support+t_abc@studio.test')).toBeVisible();
  });
  it('names a file the virus scanner could not scan, with why it is held, and no link', async () => {
    const reason =
      'Held for good: the virus scanner could not scan it (clamd answered "INSTREAM size limit exceeded. ERROR"), 5 times. Check the file another way.';
    apiServer.use(
      http.get(`/api/admin/tickets/${ID}`, () =>
        json(AdminTicketDetailSchema, {
          ...detail('open'),
          attachments: [
            {
              id: 'a1',
              filename: 'site-backup.zip',
              size: 40 * 1024 * 1024,
              contentType: 'application/zip',
              url: '/api/admin/attachments/a1',
              status: 'unscannable',
              detail: reason,
            },
          ],
        }),
      ),
      attachmentLimitsHandler(),
    );
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);
    const files = await screen.findByRole('list', { name: 'Attachments' }, { timeout: 5000 });
    expect(within(files).getByText('site-backup.zip')).toBeVisible();
    expect(within(files).getByText('held: could not be virus-scanned')).toBeVisible();
    expect(within(files).getByText(reason)).toBeVisible();
    expect(within(files).queryByRole('link')).toBeNull();
  });

  it('says the original is no longer kept once its days are over', async () => {
    const byEmail = detail('open');
    byEmail.ticket.source = 'email';
    apiServer.use(
      http.get(`/api/admin/tickets/${ID}`, () => json(AdminTicketDetailSchema, byEmail)),
      http.get(`/api/admin/tickets/${ID}/original`, () =>
        errorJson(410, 'The original e-mail is no longer kept: it was deleted.'),
      ),
    );
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);
    await userEvent.setup().click(await screen.findByText('View original e-mail'));
    expect(
      await screen.findByText('The original e-mail is no longer kept: it was deleted.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
