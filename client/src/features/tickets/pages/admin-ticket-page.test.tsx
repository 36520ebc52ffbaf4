import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketDetail, TicketStatus } from '@shared/schemas/tickets';
import { renderWithApp } from '@tests/support/render-app';
import { AdminTicketPage } from './admin-ticket-page';

const ID = '5e6f7a8b-0000-4000-8000-000000000000';

function detail(status: TicketStatus, replies: string[] = []): AdminTicketDetail {
  return {
    ticket: {
      id: ID,
      subject: 'Broken contact form',
      description: 'The contact form on the home page does nothing.',
      priority: 'high',
      status,
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
      client: { id: 'c1', name: 'Honoré Broussard', email: 'honore@example.com' },
    },
    messages: [
      {
        id: 'm1',
        message: 'It still does nothing.',
        isAdminReply: false,
        createdAt: '2026-11-20T13:00:00.000Z',
      },
      ...replies.map((message, index) => ({
        id: `r${index}`,
        message,
        isAdminReply: true,
        createdAt: '2026-11-20T14:00:00.000Z',
      })),
    ],
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminTicketPage', () => {
  it('shows whose ticket it is; a refused status change says so, a reply is sent', async () => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, url, body });
        if (url === `/api/admin/tickets/${ID}` && method === 'PATCH') {
          return new Response('', { status: 500 });
        }
        if (url === `/api/admin/tickets/${ID}/messages`) {
          return new Response(JSON.stringify(detail('resolved', ['Fixed: it sends again.'])), {
            status: 201,
          });
        }
        if (url === `/api/admin/tickets/${ID}`) return new Response(JSON.stringify(detail('open')));
        return new Response('{"message":"Not found"}', { status: 404 });
      }),
    );
    renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);

    expect(await screen.findByRole('heading', { name: 'Broken contact form' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'honore@example.com' })).toHaveAttribute(
      'href',
      'mailto:honore@example.com',
    );
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('Client')).toBeVisible();

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
});
