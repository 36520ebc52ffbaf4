import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { http, HttpResponse } from 'msw';
import {
  ClientActiveChangedSchema,
  ClientDetailSchema,
  ClientNoteSchema,
  ClientPasswordResetStatusSchema,
  type ClientDetail,
  type ClientNote,
} from '@shared/schemas/clients';
import { EmailChangeStatusSchema } from '@shared/schemas/profile';
import { ProposalPageSchema } from '@shared/schemas/proposals';
import { ClientUpdatesSchema } from '@shared/schemas/updates';
import { AdminReportsSchema } from '@shared/schemas/reports';
import { AdminSiteSchema } from '@shared/schemas/sites';
import {
  adminPlansHandler,
  apiServer,
  errorJson,
  json,
  recordRequests,
} from '@tests/support/api-server';
import { anInvoice } from '@tests/support/invoice-fixtures';
import { anAdminSite } from '@tests/support/site-fixtures';
import { clientTaxHandler, taxRatesHandler } from '@tests/support/tax-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { ClientDetailPage } from './client-detail-page';

const ID = '0b1c2d3e-0000-4000-8000-000000000001';
const EMAIL = 'camille@example.com';

const invoices = (count: number) =>
  Array.from({ length: count }, (_, n) =>
    anInvoice({
      id: `7a8b9c0d-0000-4000-8000-00000000000${n}`,
      invoiceNumber: `INV-2026-${String(n + 1).padStart(4, '0')}`,
      clientId: ID,
      status: n === 0 ? 'overdue' : 'paid',
      amountPaid: n === 0 ? 5_000 : 15_000,
    }),
  );

const firstNote: ClientNote = {
  id: 'n1',
  body: 'Prefers a call after 3 pm; the bistro is closed on Mondays.',
  authorEmail: 'owner@example.com',
  createdAt: '2026-11-20T16:00:00.000Z',
};

/** The client page's answer: a Signature subscriber with `invoiceTotal` invoices, the latest 10 shown. */
function aClientDetail({
  invoiceTotal = 12,
  notes = [firstNote],
}: { invoiceTotal?: number; notes?: ClientNote[] } = {}): ClientDetail {
  const shown = invoices(Math.min(invoiceTotal, 10));
  return ClientDetailSchema.parse({
    profile: {
      id: ID,
      firstName: 'Camille',
      lastName: 'Broussard',
      name: 'Camille Broussard',
      email: EMAIL,
      emailVerified: true,
      businessName: 'Bayou Bistro',
      phoneNumber: '+1 225-555-0142',
      createdAt: '2026-10-02T15:00:00.000Z',
      card: { brand: 'visa', last4: '4242', expMonth: 8, expYear: 2029 },
      autoPay: true,
      deactivatedAt: null,
    },
    subscription: {
      tier: 'signature',
      status: 'active',
      currentPeriodStart: '2026-11-02T15:00:00.000Z',
      currentPeriodEnd: '2026-12-02T15:00:00.000Z',
      cancelAtPeriodEnd: false,
      pendingTier: null,
      pendingTierFrom: null,
      withdrawn: false,
      freeMonths: 0,
    },
    history: {
      items: [
        {
          id: 2,
          kind: 'activated',
          status: 'active',
          tier: 'signature',
          monthlyPriceCents: 39_900,
          pendingTier: null,
          periodStart: '2026-11-02T15:00:00.000Z',
          periodEnd: '2026-12-02T15:00:00.000Z',
          occurredAt: '2026-11-02T15:00:00.000Z',
        },
        {
          id: 1,
          kind: 'requested',
          status: 'pending',
          tier: 'signature',
          monthlyPriceCents: 39_900,
          pendingTier: null,
          periodStart: null,
          periodEnd: null,
          occurredAt: '2026-10-02T15:00:00.000Z',
        },
      ],
      total: 2,
    },
    money: { balance: 10_000, overdue: 10_000, paid: 140_000 },
    invoices: { items: shown, total: invoiceTotal },
    payments: {
      items: [
        {
          id: 'p1',
          invoiceId: shown[0]!.id,
          invoiceNumber: shown[0]!.invoiceNumber,
          amount: 5_000,
          currency: 'usd',
          method: 'bank_transfer',
          paidAt: '2026-11-25T12:00:00.000Z',
          refundedAmount: 0,
          refundedAt: null,
          reference: '',
          note: '',
          flag: null,
          flagResolvedAt: null,
          stripePaymentIntentId: null,
          stripeDashboardUrl: null,
          voidedAt: null,
          voidReason: null,
          payout: null,
        },
      ],
      total: 1,
    },
    tickets: {
      items: [
        {
          id: 't1',
          number: 7,
          source: 'portal',
          kind: 'question',
          subject: 'Our menu page looks squashed on my phone',
          description: 'The prices run off the edge.',
          priority: 'high',
          status: 'open',
          createdAt: '2026-11-21T09:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      total: 1,
    },
    messages: {
      items: [
        {
          id: 'm1',
          toAddress: EMAIL,
          clientId: ID,
          subject: 'Invoice INV-2026-0001 from Coast & Code Studio',
          status: 'sent',
          error: null,
          attempts: 1,
          createdAt: '2026-11-22T15:00:00.000Z',
        },
      ],
      total: 1,
    },
    signupLinks: {
      items: [
        {
          id: 's1',
          email: EMAIL,
          planType: 'signature',
          state: 'used',
          createdAt: '2026-10-01T15:00:00.000Z',
          expiresAt: '2026-10-02T15:00:00.000Z',
          usedAt: '2026-10-02T14:00:00.000Z',
        },
      ],
      total: 1,
    },
    notes,
  });
}

/**
 * The client API: GET answers `pages[0]` until a note is added or deleted, then `pages[1]`;
 * POST .../notes answers the note; DELETE .../notes/{id} answers 204.
 */
function stubClientApi(...pages: ClientDetail[]) {
  let current = 0;
  apiServer.use(
    http.post(`/api/admin/clients/${ID}/notes`, () => {
      current = Math.min(current + 1, pages.length - 1);
      return json(ClientNoteSchema, pages[current]!.notes[0]!, { status: 201 });
    }),
    http.delete(`/api/admin/clients/${ID}/notes/:noteId`, () => {
      current = Math.min(current + 1, pages.length - 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`/api/admin/clients/${ID}/password-reset`, () =>
      json(ClientPasswordResetStatusSchema, { available: true }),
    ),
    http.get(`/api/admin/clients/${ID}/email-change`, () =>
      json(EmailChangeStatusSchema, { canChange: true, pending: null }),
    ),
    http.get(`/api/admin/clients/${ID}/updates`, () =>
      json(ClientUpdatesSchema, {
        meter: {
          month: '2026-11',
          used: 0,
          included: 2,
          plan: 'signature',
          extraUpdatePriceCents: 7500,
        },
        requests: [],
        earlier: [],
      }),
    ),
    http.get(`/api/admin/clients/${ID}/reports`, () => json(AdminReportsSchema, [])),
    // The proposals have their own tests (features/proposals).
    http.get('/api/admin/proposals', () =>
      json(ProposalPageSchema, { items: [], total: 0, page: 1, pageSize: 5 }),
    ),
    // The websites have their own tests (features/sites).
    http.get(`/api/admin/clients/${ID}/sites`, () => json(AdminSiteSchema.array(), [])),
    http.get('/api/admin/clients/:id', ({ params }) =>
      params.id === ID
        ? json(ClientDetailSchema, pages[current]!)
        : // What the server answers for an id with no client (clients.service.ts).
          errorJson(404, 'Client not found'),
    ),
  );
  return recordRequests();
}

function renderPage(id = ID) {
  return renderWithApp(
    <Route path="/admin/clients/:id">
      <ClientDetailPage />
    </Route>,
    `/admin/clients/${id}`,
  );
}

/** The value of a money card: 'Balance due' -> '$100.00'. */
const money = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;

/**
 * A note's delete button, "Delete the note of <when it was written>" (local time); jsdom's
 * name computation drops the space before the visually hidden part.
 */
const DELETE_NOTE = /^Delete ?the note of /;

afterEach(() => {
  vi.restoreAllMocks();
});

// The page is large and the toaster loads with the first toast: on a busy 2-core machine a
// test takes longer than Vitest's default 5 s.
describe('ClientDetailPage', { timeout: 15_000 }, () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler(), taxRatesHandler(), clientTaxHandler());
  });

  it('shows who the client is, what they owe and their plan', async () => {
    stubClientApi(aClientDetail());
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Camille Broussard' }),
    ).toBeVisible();
    expect(screen.getAllByText('Bayou Bistro')[0]).toBeVisible();
    expect(money('Balance due')).toHaveTextContent('$100.00');
    expect(money('Overdue')).toHaveTextContent('$100.00');
    expect(money('Paid so far')).toHaveTextContent('$1,400.00');

    expect(screen.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    expect(screen.getByText('visa ending 4242 (expires 8/2029)')).toBeVisible();
    expect(screen.getByText('Automatic payment', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'On',
    );
    await waitFor(() =>
      expect(screen.getByText('Plan', { selector: 'dt' }).nextSibling).toHaveTextContent(
        'Signature',
      ),
    );
    const history = screen.getByRole('list', { name: 'Subscription history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Plan started · Signature ($399.00/month)'),
      expect.stringContaining('Plan requested · Signature ($399.00/month)'),
    ]);
    expect(
      screen.getByRole('link', { name: 'Our menu page looks squashed on my phone' }),
    ).toHaveAttribute('href', '/admin/support/t1');
    expect(screen.getByText(firstNote.body)).toBeVisible();
    expect(await screen.findByText('No proposals yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create proposal' })).toHaveAttribute(
      'href',
      `/admin/proposals/new?client=${ID}`,
    );
  });

  it('says automatic payment is on only beside a saved card', async () => {
    const detail = aClientDetail();
    stubClientApi({ ...detail, profile: { ...detail.profile, card: null, autoPay: true } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Camille Broussard' });
    expect(screen.getByText('Saved card', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'None',
    );
    expect(screen.getByText('Automatic payment', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'Off',
    );
  });

  it('links to all their invoices when there are more than the page shows', async () => {
    stubClientApi(aClientDetail({ invoiceTotal: 12 }));
    renderPage();
    const all = await screen.findByRole('link', { name: 'See all their invoices' });
    expect(all).toHaveAttribute('href', `/admin/invoices?client=${ID}`);
    expect(screen.getByText('Latest 10 of 12')).toBeVisible();
    expect(screen.getByRole('link', { name: 'INV-2026-0001' })).toHaveAttribute(
      'href',
      '/admin/invoices/7a8b9c0d-0000-4000-8000-000000000000',
    );
    // The overdue invoice, $50.00 of $150.00 paid, says what is left.
    expect(screen.getByText('$100.00 due')).toBeVisible();
  });

  it('has no "See all" link when every invoice is already shown', async () => {
    stubClientApi(aClientDetail({ invoiceTotal: 2 }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'INV-2026-0002' })).toBeVisible();
    expect(screen.getByText('2 in all')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See all their invoices' })).not.toBeInTheDocument();
  });

  it('adds a private note: posts its text, clears the box and shows it from the refreshed page', async () => {
    const added: ClientNote = {
      id: 'n2',
      body: 'Wants the catering page before Mardi Gras.',
      authorEmail: 'owner@example.com',
      createdAt: '2026-11-26T10:00:00.000Z',
    };
    const calls = stubClientApi(aClientDetail(), aClientDetail({ notes: [added, firstNote] }));
    renderPage();
    const box = await screen.findByLabelText('New note');
    const user = userEvent.setup();
    await user.type(box, `  ${added.body}  `);
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText(added.body)).toBeVisible();
    // The toaster loads with the first toast: give it time.
    expect((await screen.findAllByText('Note added', {}, { timeout: 5000 }))[0]).toBeVisible();
    expect(box).toHaveValue('');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'POST', url: `/api/admin/clients/${ID}/notes`, body: { body: added.body } },
    ]);
    // The page read again after the note (the password card reads its own status once).
    expect(
      calls.filter((call) => call.method === 'GET' && call.url === `/api/admin/clients/${ID}`),
    ).toHaveLength(2);
  });

  it('refuses an empty note without sending it', async () => {
    const calls = stubClientApi(aClientDetail());
    renderPage();
    const box = await screen.findByLabelText('New note');
    const user = userEvent.setup();
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note first')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('deletes a note once the admin confirms', async () => {
    const calls = stubClientApi(aClientDetail(), aClientDetail({ notes: [] }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    await screen.findByText(firstNote.body);
    await userEvent.setup().click(screen.getByRole('button', { name: DELETE_NOTE }));
    await waitFor(() => expect(screen.queryByText(firstNote.body)).not.toBeInTheDocument());
    expect(confirm).toHaveBeenCalledWith('Delete this note?');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'DELETE', url: `/api/admin/clients/${ID}/notes/n1`, body: undefined },
    ]);
  });

  it('keeps a note the admin did not confirm deleting', async () => {
    const calls = stubClientApi(aClientDetail(), aClientDetail({ notes: [] }));
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage();
    await screen.findByText(firstNote.body);
    await userEvent.setup().click(screen.getByRole('button', { name: DELETE_NOTE }));
    expect(screen.getByText(firstNote.body)).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the websites watched for the client', async () => {
    stubClientApi(aClientDetail());
    apiServer.use(
      http.get(`/api/admin/clients/${ID}/sites`, () =>
        json(AdminSiteSchema.array(), [anAdminSite({ clientId: ID })]),
      ),
    );
    renderPage();
    const websites = await screen.findByRole('group', { name: 'Websites' });
    expect(
      await within(websites).findByRole('heading', { name: 'https://broussard-bakery.example/' }),
    ).toBeVisible();
    expect(within(websites).getByText('Up')).toBeVisible();
    expect(within(websites).getByRole('button', { name: 'Add website' })).toBeEnabled();
  });

  it('says "Client not found" for an id with no client, with the way back', async () => {
    stubClientApi(aClientDetail());
    renderPage('9f9f9f9f-0000-4000-8000-000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Client not found');
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute(
      'href',
      '/admin/clients',
    );
  });
});

describe('ClientDetailPage: account access', { timeout: 15_000 }, () => {
  /** The page answers `detail`, then the page as a PUT .../active left it. */
  function stubAccess(detail: ClientDetail) {
    let current = detail;
    stubClientApi(detail);
    apiServer.use(
      http.get(`/api/admin/clients/${ID}`, () => json(ClientDetailSchema, current)),
      http.put(`/api/admin/clients/${ID}/active`, async ({ request }) => {
        const { active } = (await request.json()) as { active: boolean };
        current = {
          ...current,
          profile: {
            ...current.profile,
            deactivatedAt: active ? null : '2026-11-27T15:00:00.000Z',
          },
        };
        return json(ClientActiveChangedSchema, {
          message: active
            ? "Camille Broussard's account is active again: they can sign in."
            : "Camille Broussard's account is deactivated: they cannot sign in and were signed out everywhere.",
        });
      }),
    );
    return recordRequests();
  }

  it('will not deactivate while the plan renews, and says what to do first', async () => {
    const calls = stubAccess(aClientDetail());
    renderPage();
    const deactivate = await screen.findByRole('button', { name: 'Deactivate account' });
    expect(deactivate).toBeDisabled();
    expect(
      screen.getByText(
        'Their plan still renews: cancel it (at the period end or now) before deactivating the account.',
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('deactivates after confirming, shows the badge, and reactivates after confirming', async () => {
    const detail = aClientDetail();
    const calls = stubAccess({
      ...detail,
      subscription: { ...detail.subscription!, cancelAtPeriodEnd: true },
    });
    renderPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const asking = screen.getByRole('dialog', { name: 'Deactivate this account?' });
    expect(asking).toHaveTextContent(
      'Camille Broussard is signed out everywhere and cannot sign in until you reactivate the account.',
    );
    // Back changes nothing.
    await u.click(within(asking).getByRole('button', { name: 'Back' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Deactivate account' }));
    await u.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate account' }),
    );
    expect(
      await screen.findByText(
        "Camille Broussard's account is deactivated: they cannot sign in and were signed out everywhere.",
      ),
    ).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: 'Camille Broussard' });
    expect(await within(heading.parentElement!).findByText('Deactivated')).toBeVisible();
    expect(
      screen.getByText(/^Deactivated on Nov 27, 2026: Camille Broussard cannot sign in\./),
    ).toBeVisible();
    // Its e-mail cannot be changed meanwhile.
    expect(screen.getByRole('button', { name: 'Change e-mail' })).toBeDisabled();

    await u.click(screen.getByRole('button', { name: 'Reactivate account' }));
    await u.click(
      within(screen.getByRole('dialog', { name: 'Reactivate this account?' })).getByRole('button', {
        name: 'Reactivate account',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Deactivate account' })).toBeEnabled();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: `/api/admin/clients/${ID}/active`, body: { active: false } },
      { method: 'PUT', url: `/api/admin/clients/${ID}/active`, body: { active: true } },
    ]);
  });
});
