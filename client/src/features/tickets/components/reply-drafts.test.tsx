import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminTicketDetailSchema,
  TicketDetailSchema,
  TicketMessageResultSchema,
  type AdminTicketDetail,
  type TicketDetail,
} from '@shared/schemas/tickets';
import { apiServer, attachmentLimitsHandler, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AdminTicketPage } from '../pages/admin-ticket-page';
import { TicketDetailPage } from '../pages/ticket-detail-page';

const ID = '0a1b2c3d-0000-4000-8000-0000000000d7';

const ticket = {
  id: ID,
  number: 7,
  source: 'portal' as const,
  kind: 'question',
  subject: 'New opening hours',
  description: 'Please put the winter opening hours on the contact page.',
  priority: 'normal',
  status: 'open',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
} as const;

const clientDetail = (messages: string[] = []): TicketDetail => ({
  ticket,
  attachments: [],
  messages: messages.map((message, n) => ({
    id: `m${n}`,
    message,
    isAdminReply: false,
    source: 'portal',
    attachments: [],
    createdAt: '2026-11-20T13:00:00.000Z',
  })),
});

const adminDetail = (replies: string[] = []): AdminTicketDetail => ({
  ticket: {
    ...ticket,
    client: { id: 'c1', name: 'Honoré Broussard', firstName: 'Honoré', email: 'h@example.com' },
    planAtOpen: 'signature',
    responseDueAt: null,
    firstResponseAt: null,
  },
  attachments: [],
  messages: replies.map((message, n) => ({
    id: `r${n}`,
    message,
    isAdminReply: true,
    source: 'admin',
    attachments: [],
    createdAt: '2026-11-20T13:00:00.000Z',
  })),
});

/**
 * One ticket's API for both sides: GETs answer the ticket; each message sent is answered in
 * turn by `answers` (401 while the session is over, then the conversation with it).
 */
function stubApi(answers: Array<(message: string) => Response>) {
  const sent: string[] = [];
  const send = async ({ request }: { request: Request }) => {
    const { message } = (await request.json()) as { message: string };
    sent.push(message);
    return answers.shift()!(message);
  };
  apiServer.use(
    http.post(`/api/tickets/${ID}/messages`, send),
    http.post(`/api/admin/tickets/${ID}/messages`, send),
    http.get(`/api/tickets/${ID}`, () => json(TicketDetailSchema, clientDetail())),
    http.get(`/api/admin/tickets/${ID}`, () => json(AdminTicketDetailSchema, adminDetail())),
    attachmentLimitsHandler(),
  );
  return sent;
}

/** A loaded machine may take seconds to render a page. */
const SLOW = { timeout: 5000 };

const unauthorized = () => errorJson(401, 'Unauthorized');

afterEach(() => {
  window.sessionStorage.clear();
});

describe('a reply typed before the session ended', () => {
  it("is kept through a 401 and back in the client's form when the page opens again", async () => {
    const sent = stubApi([
      unauthorized,
      (message) =>
        json(
          TicketMessageResultSchema,
          { ...clientDetail([message]), refused: [], renamed: [] },
          { status: 201 },
        ),
    ]);
    const user = userEvent.setup();
    const path = `/portal/support/${ID}`;
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, path);
    await user.type(
      await screen.findByLabelText('Your reply', undefined, SLOW),
      'Closed on Mondays from December.',
    );
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByLabelText('Your reply')).toHaveValue('Closed on Mondays from December.');

    // Signed in again: the page opens afresh (a new document, the same tab).
    cleanup();
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, path);
    const reply = await screen.findByLabelText('Your reply', undefined, SLOW);
    expect(reply).toHaveValue('Closed on Mondays from December.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findAllByText('Message Sent', undefined, SLOW))[0]).toBeVisible();
    expect(sent).toEqual(['Closed on Mondays from December.', 'Closed on Mondays from December.']);
    expect(reply).toHaveValue('');

    // Sent: nothing comes back next time.
    cleanup();
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, path);
    expect(await screen.findByLabelText('Your reply', undefined, SLOW)).toHaveValue('');
  }, 20_000);

  it("is kept in the admin's reply too, separately from the client's draft", async () => {
    const sent = stubApi([unauthorized]);
    const user = userEvent.setup();
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);
    await user.type(
      await screen.findByLabelText('Reply to the client', undefined, SLOW),
      'Done: see the footer.',
    );
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    cleanup();
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);
    expect(await screen.findByLabelText('Reply to the client', undefined, SLOW)).toHaveValue(
      'Done: see the footer.',
    );
    cleanup();
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, `/portal/support/${ID}`);
    expect(await screen.findByLabelText('Your reply', undefined, SLOW)).toHaveValue('');
  }, 20_000);
});
