import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClientAccountPageSchema, type ClientAccount } from '@shared/schemas/clients';
import {
  InboundMessageSchema,
  InboundPageSchema,
  type InboundMessage,
} from '@shared/schemas/inbound';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { InboundPage } from './inbound-page';

const HELD: InboundMessage = {
  id: '0b8f3f1e-0000-4000-8000-000000000001',
  messageId: '<held@example.com>',
  via: 'smtp',
  from: 'stranger@example.com',
  fromName: 'Ann Stranger',
  subject: 'Can you build us a site?',
  receivedAt: '2026-12-07T15:05:00.000Z',
  lastDeliveredAt: '2026-12-07T15:06:00.000Z',
  deliveries: 2,
  size: 4200,
  state: 'unknown_sender',
  stateDetail: 'No client has the address stranger@example.com',
  authentication: { dkim: 'pass', spf: 'pass', dmarc: 'fail', dmarcDomain: 'example.com' },
  refusedFiles: [{ filename: 'invoice.exe', reason: 'Program files are not accepted' }],
  originalKept: true,
  originalRemovedAt: null,
  ticket: null,
  userId: null,
};
const ADDED: InboundMessage = {
  ...HELD,
  id: '0b8f3f1e-0000-4000-8000-000000000002',
  messageId: '<added@example.com>',
  via: 'imap',
  from: 'client@example.com',
  fromName: null,
  subject: 'Re: the logo',
  deliveries: 1,
  state: 'added',
  stateDetail: 'Matched by the reply address',
  refusedFiles: [],
  ticket: { id: '0b8f3f1e-0000-4000-8000-0000000000t1', number: 42 },
};
const CLIENT: ClientAccount = {
  id: '0b8f3f1e-0000-4000-8000-0000000000c1',
  name: 'Ann Stranger',
  email: 'ann@stranger.example',
  emailVerified: true,
  businessName: 'Stranger Things Bakery',
  createdAt: '2026-01-01T00:00:00.000Z',
  plan: null,
  subscriptionStatus: null,
  balance: 0,
  deactivatedAt: null,
};

function stubInbound(release: () => Response) {
  let held = HELD;
  apiServer.use(
    http.get('/api/admin/inbound', () =>
      json(InboundPageSchema, { items: [held, ADDED], total: 2, page: 1, pageSize: 25 }),
    ),
    http.get(`/api/admin/inbound/${HELD.id}`, () => json(InboundMessageSchema, held)),
    http.get(`/api/admin/inbound/${ADDED.id}`, () => json(InboundMessageSchema, ADDED)),
    http.get('/api/admin/clients', () =>
      json(ClientAccountPageSchema, { items: [CLIENT], total: 1, page: 1, pageSize: 8 }),
    ),
    http.post(`/api/admin/inbound/${HELD.id}/release`, () => {
      const answer = release();
      if (answer.ok) held = { ...held, state: 'released', stateDetail: 'Released by the admin' };
      return answer;
    }),
  );
  return recordRequests();
}

describe('InboundPage', () => {
  it('lists what became of each message, keeping the URL’s query', async () => {
    const calls = stubInbound(() => errorJson(500, 'unexpected'));
    renderWithApp(<InboundPage params={{}} />, '/admin/support/inbound?q=ann&state=added');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(calls.map(({ method, url }) => `${method} ${url}`)[0]).toBe(
      'GET /api/admin/inbound?q=ann&state=added',
    );
    const [held, added] = within(list).getAllByRole('listitem');
    expect(within(held!).getByRole('link', { name: HELD.subject! })).toHaveAttribute(
      'href',
      `/admin/support/inbound/${HELD.id}?q=ann&state=added`,
    );
    expect(held).toHaveTextContent('Unknown sender (held)');
    expect(held).toHaveTextContent('Ann Stranger <stranger@example.com>');
    expect(held).toHaveTextContent('delivered 2 times');
    expect(added).toHaveTextContent('Added to ticket');
    expect(added).toHaveTextContent('IMAP · ticket #42');
  });

  it('says the message as received is no longer kept once its days are over', async () => {
    stubInbound(() => errorJson(500, 'unexpected'));
    apiServer.use(
      http.get(`/api/admin/inbound/${ADDED.id}`, () =>
        json(InboundMessageSchema, {
          ...ADDED,
          originalKept: false,
          originalRemovedAt: '2027-03-07T09:00:00.000Z',
        }),
      ),
    );
    renderWithApp(<InboundPage params={{ id: ADDED.id }} />, `/admin/support/inbound/${ADDED.id}`);
    expect(
      await screen.findByText(
        /^The message as received is no longer kept \(deleted .+\): originals are deleted after the number of days set in Settings \(Support e-mail\)\.$/,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Download the message/ })).not.toBeInTheDocument();
  });

  it('shows a message’s checks, refused files and raw download, and releases it to a client', async () => {
    const calls = stubInbound(() =>
      json(InboundMessageSchema, { ...HELD, state: 'released', stateDetail: 'Released' }),
    );
    renderWithApp(<InboundPage params={{ id: HELD.id }} />, `/admin/support/inbound/${HELD.id}`);
    const user = userEvent.setup();
    expect(await screen.findByText('fail (example.com)')).toBeInTheDocument();
    expect(screen.getByText('invoice.exe')).toBeInTheDocument();
    expect(screen.getByText(/Program files are not accepted/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Download the message as received (.eml)' }),
    ).toHaveAttribute('href', `/api/admin/inbound/${HELD.id}/raw`);

    const release = screen.getByRole('button', { name: 'Release into a ticket' });
    expect(release).toBeDisabled();
    await user.type(screen.getByLabelText('Find a client'), 'Ann');
    await user.click(await screen.findByRole('button', { name: /Ann Stranger/ }));
    await user.click(screen.getByRole('button', { name: 'Release into a ticket' }));
    expect((await screen.findAllByText('Released into a ticket'))[0]).toBeVisible();
    expect(
      calls.filter(({ method }) => method === 'POST').map(({ method, url }) => `${method} ${url}`),
    ).toEqual([`POST /api/admin/inbound/${HELD.id}/release`]);
    expect(screen.queryByRole('button', { name: 'Release into a ticket' })).toBeNull();
  });
});
