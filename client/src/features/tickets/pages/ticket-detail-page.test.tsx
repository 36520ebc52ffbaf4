import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail, TicketMessageEntry } from '@shared/schemas/tickets';
import { renderWithApp } from '@tests/support/render-app';
import { pageOf } from '@tests/support/page-of';
import { TicketDetailPage } from './ticket-detail-page';

const ID = '0a1b2c3d-0000-4000-8000-000000000000';

function detail(messages: TicketMessageEntry[]): TicketDetail {
  return {
    ticket: {
      id: ID,
      subject: 'New opening hours',
      description: 'Please put the winter opening hours on the contact page.',
      priority: 'normal',
      status: 'open',
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    },
    messages,
  };
}

const agencyReply: TicketMessageEntry = {
  id: 'm1',
  message: 'Which days change?',
  isAdminReply: true,
  createdAt: '2026-11-20T13:00:00.000Z',
};

/** The ticket API of one client; `sendAnswers` are the answers to each message sent, in turn. */
function stubTicketApi(sendAnswers: Array<() => Response>) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/tickets/${ID}/messages` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return sendAnswers.shift()!();
      }
      if (url === `/api/tickets/${ID}`) return new Response(JSON.stringify(detail([agencyReply])));
      if (url === '/api/tickets') return new Response(JSON.stringify(pageOf([])));
      return new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TicketDetailPage', () => {
  it('says why a message was not sent and keeps it; once sent, it joins the conversation', async () => {
    const sent = stubTicketApi([
      () => new Response('{"message":"Too many requests"}', { status: 429 }),
      () => new Response('', { status: 502 }),
      () =>
        new Response(
          JSON.stringify(
            detail([
              agencyReply,
              {
                id: 'm2',
                message: 'Monday and Tuesday.',
                isAdminReply: false,
                createdAt: '2026-11-20T14:00:00.000Z',
              },
            ]),
          ),
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
});
