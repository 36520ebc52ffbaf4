import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  TicketDetailSchema,
  TicketMessageResultSchema,
  TicketPageSchema,
  type TicketDetail,
  type TicketMessageEntry,
} from '@shared/schemas/tickets';
import { CurrentUserSchema } from '@shared/schemas/profile';
import { apiServer, attachmentLimitsHandler, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { pageOf } from '@tests/support/page-of';
import { TicketDetailPage } from './ticket-detail-page';

const ID = '0a1b2c3d-0000-4000-8000-000000000000';

const withNoneRefused = (messages: TicketMessageEntry[]) => ({
  ...detail(messages),
  refused: [],
  renamed: [],
});

function detail(messages: TicketMessageEntry[]): TicketDetail {
  return {
    ticket: {
      id: ID,
      number: 3,
      source: 'portal' as const,
      kind: 'question',
      subject: 'New opening hours',
      description: 'Please put the winter opening hours on the contact page.',
      priority: 'normal',
      status: 'open',
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    },
    attachments: [],
    messages,
  };
}

/** GET /api/auth/user: the signed-in client, whose messages carry their name. */
const userHandler = () =>
  http.get('/api/auth/user', () =>
    json(CurrentUserSchema, {
      id: 'u1',
      email: 'odile@example.com',
      firstName: 'Odile',
      lastName: 'Guidry',
      businessName: null,
      phoneNumber: null,
    }),
  );

const agencyReply: TicketMessageEntry = {
  id: 'm1',
  message: 'Which days change?',
  isAdminReply: true,
  source: 'admin',
  attachments: [],
  createdAt: '2026-11-20T13:00:00.000Z',
};

/** The ticket API of one client; `sendAnswers` are the answers to each message sent, in turn. */
function stubTicketApi(sendAnswers: Array<() => Response>) {
  const sent: unknown[] = [];
  apiServer.use(
    http.post(`/api/tickets/${ID}/messages`, async ({ request }) => {
      sent.push(await request.json());
      return sendAnswers.shift()!();
    }),
    http.get(`/api/tickets/${ID}`, () => json(TicketDetailSchema, detail([agencyReply]))),
    http.get('/api/tickets', () => json(TicketPageSchema, pageOf([]))),
    attachmentLimitsHandler(),
    userHandler(),
  );
  return sent;
}

describe('TicketDetailPage', () => {
  it('says why a message was not sent and keeps it; once sent, it joins the conversation', async () => {
    const sent = stubTicketApi([
      () => errorJson(429, 'Too many requests'),
      () => new HttpResponse(null, { status: 502 }),
      () =>
        json(
          TicketMessageResultSchema,
          withNoneRefused([
            agencyReply,
            {
              id: 'm2',
              message: 'Monday and Tuesday.',
              isAdminReply: false,
              source: 'portal',
              attachments: [],
              createdAt: '2026-11-20T14:00:00.000Z',
            },
          ]),
          { status: 201 },
        ),
    ]);
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, `/portal/support/${ID}`);
    expect(await screen.findByRole('heading', { name: 'New opening hours' })).toBeVisible();
    const user = userEvent.setup();
    const reply = screen.getByLabelText('Your reply');
    await user.type(reply, 'Monday and Tuesday.');

    // The server's reason when it gives one, else the spec's text; the message stays typed.
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      (await screen.findAllByText('Too many requests', {}, { timeout: 5000 }))[0],
    ).toBeVisible();
    expect(reply).toHaveValue('Monday and Tuesday.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      (await screen.findAllByText('Failed to send message. Please try again.'))[0],
    ).toBeVisible();
    expect(reply).toHaveValue('Monday and Tuesday.');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findAllByText('Message Sent'))[0]).toBeVisible();
    expect(reply).toHaveValue('');
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('Monday and Tuesday.')).toBeVisible();
    expect(sent).toEqual([
      { message: 'Monday and Tuesday.' },
      { message: 'Monday and Tuesday.' },
      { message: 'Monday and Tuesday.' },
    ]);
  });

  it("marks the client's own e-mails, and shows no original to the client", async () => {
    const fromEmail = detail([
      {
        id: 'm2',
        message: 'Monday and Tuesday.',
        isAdminReply: false,
        source: 'email',
        attachments: [],
        createdAt: '2026-11-20T14:00:00.000Z',
      },
    ]);
    fromEmail.ticket.source = 'email';
    apiServer.use(
      http.get(`/api/tickets/${ID}`, () => json(TicketDetailSchema, fromEmail)),
      http.get('/api/tickets', () => json(TicketPageSchema, pageOf([]))),
      userHandler(),
    );
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, `/portal/support/${ID}`);

    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(await within(conversation).findByText('You (Odile Guidry)')).toBeVisible();
    expect(within(conversation).getByText('by e-mail')).toBeVisible();
    expect(screen.getByText(/Created .* by e-mail/)).toBeVisible();
    expect(screen.queryByText('View original e-mail')).toBeNull();
  });
});
