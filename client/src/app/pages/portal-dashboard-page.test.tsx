import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClientInvoicePageSchema, type ClientInvoice } from '@shared/schemas/invoices';
import { PaymentSettingsSchema, type PaymentSettings } from '@shared/schemas/payments';
import {
  CurrentUserSchema,
  EmailChangeStatusSchema,
  PasswordStatusSchema,
} from '@shared/schemas/profile';
import { ClientAgreementListSchema } from '@shared/schemas/proposals';
import { ReportsSchema } from '@shared/schemas/reports';
import { ClientSitesSchema } from '@shared/schemas/sites';
import { SubscriptionSchema } from '@shared/schemas/subscriptions';
import { ClientTicketSummarySchema, TicketPageSchema } from '@shared/schemas/tickets';
import { UpdatesMeterSchema } from '@shared/schemas/updates';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { pageOf } from '@tests/support/page-of';
import { PortalDashboardPage } from './portal-dashboard-page';

const DUE: ClientInvoice = {
  id: '11111111-1111-4111-8111-111111111111',
  invoiceNumber: 'INV-2026-0007',
  dateIssued: '2026-11-01',
  dueDate: '2026-11-08',
  total: 24_900,
  amountPaid: 0,
  status: 'sent',
  paidAt: null,
  creditNotes: [],
};
const PAID: ClientInvoice = {
  ...DUE,
  amountPaid: DUE.total,
  status: 'paid',
  paidAt: '2026-11-24T12:00:00.000Z',
};
const NO_CARD: PaymentSettings = {
  onlinePayments: true,
  paymentInstructions: '',
  card: null,
  autoPay: true,
};

/**
 * The dashboard's reads. The invoice is paid once the test says the webhook has landed
 * (`landWebhook`), never by how many reads a busy machine managed before it looked.
 */
function stubPortal() {
  let webhookLanded = false;
  const paidYet = () => webhookLanded;
  apiServer.use(
    http.get('/api/auth/user', () =>
      json(CurrentUserSchema, {
        id: 'u1',
        email: 'aurelie@example.com',
        firstName: 'Aurelie',
        lastName: null,
        businessName: null,
        phoneNumber: null,
      }),
    ),
    http.get('/api/auth/user/password', () => json(PasswordStatusSchema, { canChange: true })),
    http.get('/api/auth/user/email', () =>
      json(EmailChangeStatusSchema, { canChange: true, pending: null }),
    ),
    http.get('/api/tickets/summary', () => json(ClientTicketSummarySchema, { unresolved: 0 })),
    http.get('/api/tickets', ({ request }) =>
      new URL(request.url).search === '?pageSize=5'
        ? json(TicketPageSchema, pageOf([], 5))
        : errorJson(404, 'Not found'),
    ),
    http.get('/api/subscription', () => json(SubscriptionSchema.nullable(), null)),
    http.get('/api/updates', () =>
      json(UpdatesMeterSchema, {
        month: '2026-11',
        used: 1,
        included: 2,
        plan: 'signature',
        extraUpdatePriceCents: 7500,
      }),
    ),
    http.get('/api/reports', () =>
      json(ReportsSchema, [{ id: 'r1', month: '2026-10', createdAt: '2026-11-01T13:00:00.000Z' }]),
    ),
    http.get('/api/proposals/mine', () =>
      json(ClientAgreementListSchema, {
        items: [
          {
            id: 'a1',
            title: 'A new website for Aurelie',
            signedAt: '2026-10-20T15:00:00.000Z',
            signerName: 'Aurelie Martin',
            pdfUrl: '/api/proposals/mine/a1/pdf',
          },
        ],
      }),
    ),
    // "Your website" has its own tests (features/sites): this client has none.
    http.get('/api/sites', () => json(ClientSitesSchema, [])),
    http.get('/api/invoices', () =>
      json(ClientInvoicePageSchema, pageOf([paidYet() ? PAID : DUE])),
    ),
    http.get('/api/billing', () =>
      json(
        PaymentSettingsSchema,
        paidYet()
          ? { ...NO_CARD, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 } }
          : NO_CARD,
      ),
    ),
  );
  return {
    landWebhook: () => {
      webhookLanded = true;
    },
  };
}

describe('PortalDashboardPage', () => {
  it('back from Checkout: thanks the client, shows the invoice Paid and the card kept, without a reload', async () => {
    const { landWebhook } = stubPortal();
    const location = renderWithApp(
      <PortalDashboardPage />,
      `/portal/dashboard?payment=success&invoice=${DUE.id}`,
    );
    // The toaster is fetched with the first toast (components/ui/toaster-host.tsx): on a busy
    // 2-core machine its first load takes 3-5 s, past Testing Library's 3 s.
    expect(
      await screen.findByText('Payment received, thank you.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(location.history.at(-1)).toBe('/portal/dashboard');
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ });
    expect(await within(row).findByText('Confirming payment…')).toBeVisible();

    // The history asks again every 2 s until the webhook has landed; a busy machine may need
    // a few of those rounds.
    landWebhook();
    await waitFor(() => expect(within(row).getByText('Paid')).toBeVisible(), { timeout: 12_000 });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByText('Visa ending in 4242, expires 12/2029')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Automatic payment' })).toBeEnabled();
  });

  it('offers Pay now and the Payment section on an ordinary visit', async () => {
    stubPortal();
    renderWithApp(<PortalDashboardPage />, '/portal/dashboard');
    expect(
      await screen.findByRole('button', { name: 'Pay now: $249.00 for INV-2026-0007' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(
      screen.getByText(
        'No card saved yet. Pay an invoice by card and the card is kept for your renewals.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Automatic payment' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'PDF of the Oct 2026 report' })).toBeVisible();
    expect(
      await screen.findByRole('link', { name: 'Download the PDF of A new website for Aurelie' }),
    ).toHaveAttribute('href', '/api/proposals/mine/a1/pdf');
  });

  it("shows the month's updates meter in the Support card", async () => {
    stubPortal();
    renderWithApp(<PortalDashboardPage />, '/portal/dashboard');
    const support = (await screen.findByRole('heading', { name: 'Support' })).closest(
      'div',
    )!.parentElement!;
    expect(await within(support).findByText('1 of 2 updates used in November')).toBeVisible();
  });
});
