import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SavedReplyPageSchema, type SavedReply } from '@shared/schemas/saved-replies';
import { AdminTicketDetailSchema, type AdminTicketDetail } from '@shared/schemas/tickets';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AdminTicketPage } from './admin-ticket-page';

const ID = '7a8b9c0d-0000-4000-8000-000000000000';

const detail: AdminTicketDetail = {
  ticket: {
    id: ID,
    number: 42,
    source: 'portal',
    kind: 'question',
    subject: 'New opening hours',
    description: 'Please put the winter opening hours on the contact page.',
    priority: 'normal',
    status: 'open',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    client: { id: 'c1', name: 'Amélie Guidry', firstName: 'Amélie', email: 'a@example.com' },
    planAtOpen: 'signature',
    responseDueAt: '2026-11-21T15:00:00.000Z',
    firstResponseAt: null,
  },
  attachments: [],
  messages: [],
};

const REPLIES: SavedReply[] = [
  {
    id: 'r1',
    title: 'Asking for a login',
    body: 'Hi {{firstName}}, could you send us the login for your host?',
    updatedAt: '2026-11-01T12:00:00.000Z',
  },
  {
    id: 'r2',
    title: 'On it',
    body: 'Hi {{firstName}}, ticket #{{ticketNumber}} is ours now. Follow it at {{portalLink}}',
    updatedAt: '2026-11-01T12:00:00.000Z',
  },
];

function serve() {
  apiServer.use(
    http.get(`/api/admin/tickets/${ID}`, () => json(AdminTicketDetailSchema, detail)),
    http.get('/api/admin/saved-replies', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      const items = REPLIES.filter((reply) =>
        `${reply.title} ${reply.body}`.toLowerCase().includes(q),
      );
      return json(SavedReplyPageSchema, { items, total: items.length, page: 1, pageSize: 100 });
    }),
  );
  renderWithApp(<AdminTicketPage params={{ id: ID }} />, `/admin/support/${ID}`);
}

describe("the admin's reply box and saved replies", () => {
  // Each test starts without the draft the last one left.
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('opens the list on / in an empty reply and inserts the chosen one, filled in, with Enter', async () => {
    serve();
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Reply to the client');
    await user.click(box);
    await user.keyboard('/');

    const combobox = screen.getByRole('combobox', { name: 'Saved reply' });
    expect(combobox).toHaveFocus();
    expect(box).toHaveValue('');
    const listbox = screen.getByRole('listbox', { name: 'Saved replies' });
    await within(listbox).findByRole('option', { name: /On it/ });
    expect(within(listbox).getByRole('option', { name: /Asking for a login/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.keyboard('{ArrowDown}');
    const onIt = within(listbox).getByRole('option', { name: /On it/ });
    expect(onIt).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', onIt.id);
    await user.keyboard('{Enter}');

    expect(box).toHaveValue(
      `Hi Amélie, ticket #42 is ours now. Follow it at ${window.location.origin}/portal/support/${ID}`,
    );
    expect(box).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('searches the list from the keyboard, and Escape goes back to the reply as it was', async () => {
    serve();
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Reply to the client');
    await user.click(box);
    await user.keyboard('Thanks. ');
    // A slash in a reply already begun is just a slash.
    await user.keyboard('/');
    expect(box).toHaveValue('Thanks. /');
    expect(screen.queryByRole('combobox', { name: 'Saved reply' })).not.toBeInTheDocument();
    await user.keyboard('{Backspace}{Alt>}r{/Alt}');

    const combobox = screen.getByRole('combobox', { name: 'Saved reply' });
    await user.type(combobox, 'host');
    const listbox = screen.getByRole('listbox', { name: 'Saved replies' });
    await within(listbox).findByRole('option', { name: /Asking for a login/ });
    expect(within(listbox).queryByRole('option', { name: /On it/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Thanks. ');

    await user.click(screen.getByRole('button', { name: 'Insert saved reply' }));
    await within(screen.getByRole('listbox')).findByRole('option', { name: /Asking/ });
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Thanks. Hi Amélie, could you send us the login for your host?');
  });
});
