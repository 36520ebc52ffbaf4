import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClientResponseTimeSchema } from '@shared/schemas/response-times';
import { CreatedTicketSchema, TicketPageSchema } from '@shared/schemas/tickets';
import { UpdatesMeterSchema, type UpdatesMeter } from '@shared/schemas/updates';
import {
  apiServer,
  attachmentLimitsHandler,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { NewTicketPage } from './new-ticket-page';

const SIGNATURE: UpdatesMeter = {
  month: '2026-11',
  used: 1,
  included: 2,
  plan: 'signature',
  extraUpdatePriceCents: 7500,
};
const ID = '0a1b2c3d-0000-4000-8000-0000000000a1';

function stubApi(meter: UpdatesMeter) {
  apiServer.use(
    http.get('/api/updates', () => json(UpdatesMeterSchema, meter)),
    http.get('/api/tickets/response-time', () =>
      json(ClientResponseTimeSchema, { normal: '1 business day', high: '4 business hours' }),
    ),
    attachmentLimitsHandler(),
    http.post('/api/tickets', () =>
      json(
        CreatedTicketSchema,
        {
          id: ID,
          number: 12,
          subject: 'New opening hours',
          description: 'Please show the winter opening hours.',
          priority: 'normal',
          status: 'open',
          kind: 'update',
          source: 'portal',
          createdAt: '2026-11-20T12:00:00.000Z',
          updatedAt: '2026-11-20T12:00:00.000Z',
          refused: [],
          renamed: [],
        },
        { status: 201 },
      ),
    ),
    http.get('/api/tickets', () => json(TicketPageSchema, pageOf([]))),
  );
}

describe('NewTicketPage: the kind and the updates meter', () => {
  it('shows the meter once "Website update" is chosen, and sends the kind', async () => {
    stubApi(SIGNATURE);
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<NewTicketPage />, '/portal/support/new');

    const kinds = await screen.findByRole('group', { name: 'What do you need?' });
    expect(screen.getByRole('radio', { name: /Question or problem/ })).toBeChecked();
    expect(kinds).not.toHaveTextContent('updates used');
    // The meter is asked for only when it is needed.
    expect(calls.filter((call) => call.url === '/api/updates')).toEqual([]);

    // The live region is there, empty, before the meter fills it: screen readers read it out.
    const note = within(kinds).getByRole('status', { name: 'Your website updates this month' });
    expect(note).toBeEmptyDOMElement();

    await user.click(screen.getByRole('radio', { name: /Website update/ }));
    expect(await within(note).findByText('1 of 2 updates used in November')).toBeVisible();
    expect(screen.queryByText(/beyond your plan/)).toBeNull();

    await user.type(screen.getByLabelText('Subject'), 'New opening hours');
    await user.type(screen.getByLabelText('Description'), 'Please show the winter opening hours.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        subject: 'New opening hours',
        description: 'Please show the winter opening hours.',
        priority: 'normal',
        kind: 'update',
      }),
    );
  });

  it('says when the request is beyond the plan, and what it will cost', async () => {
    stubApi({ ...SIGNATURE, used: 2 });
    const user = userEvent.setup();
    renderWithApp(<NewTicketPage />, '/portal/support/new');
    await user.click(await screen.findByRole('radio', { name: /Website update/ }));
    expect(await screen.findByText('2 of 2 updates used in November')).toBeVisible();
    expect(
      screen.getByText(
        "This request is beyond your plan's 2 updates this month; it will be billed as an extra update at $75.00.",
      ),
    ).toBeVisible();
  });

  it('says so on an unlimited plan', async () => {
    stubApi({ ...SIGNATURE, used: 5, included: null, plan: 'prestige' });
    const user = userEvent.setup();
    renderWithApp(<NewTicketPage />, '/portal/support/new');
    await user.click(await screen.findByRole('radio', { name: /Website update/ }));
    expect(await screen.findByText('Unlimited updates on your plan')).toBeVisible();
    expect(screen.queryByText(/billed/)).toBeNull();
  });

  it('says that without a plan each update is billed', async () => {
    stubApi({ ...SIGNATURE, used: 0, included: null, plan: null, extraUpdatePriceCents: 9000 });
    const user = userEvent.setup();
    renderWithApp(<NewTicketPage />, '/portal/support/new');
    await user.click(await screen.findByRole('radio', { name: /Website update/ }));
    expect(
      await screen.findByText(
        'Updates come with a plan; without one, it will be billed as an extra update at $90.00.',
      ),
    ).toBeVisible();
  });
});
