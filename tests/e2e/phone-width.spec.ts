import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { clientRoutePatterns } from '../support/client-routes';
import { expectNoAxeViolations } from '../support/axe';
import { expectInViewport, expectNoSidewaysScroll } from '../support/page-layout';
import { E2E_POSTMARK } from '../../playwright.config';
import {
  expect,
  restoreAdminSession,
  signInAdminThroughForm,
  signUpClient,
  test,
} from './fixtures';

/**
 * Every screen of the route table at 390 x 844, a phone: nothing scrolls sideways (admin nav
 * open and closed, its count badges showing), dialogs and toasts stay on screen. A full-page
 * screenshot of each is kept in test-results/phone-width/ and attached to the report. Each
 * screen is also held to axe's rules (tests/support/axe.ts) there and at 1280 px.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// Sections that fade in as they scroll into view would be read by axe mid-fade.
test.use({ viewport: PHONE, reducedMotion: 'reduce' });

/** The records a route's :params are filled with. */
interface Records {
  signupToken: string;
  payToken: string;
  ticketId: string;
  invoiceId: string;
  outboxId: string;
  clientId: string;
  inboundId: string;
  proposalId: string;
}

interface Visit {
  /** Who opens it: a visitor, the signed-in client, or the signed-in admin. */
  as: 'visitor' | 'client' | 'admin';
  url: (records: Records) => string;
  /** What shows once the screen has its content (not a spinner). */
  ready: (page: Page) => Locator;
}

const TICKET_SUBJECT = 'Our menu page looks squashed on my phone';

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 });

/**
 * How to visit each pattern of the route table. The first test checks that this covers
 * exactly the patterns in client/src/app/routes, so a new route cannot be left out.
 */
const ROUTES: Record<string, Visit> = {
  '/': { as: 'visitor', url: () => '/', ready: heading('Where the Coast Meets the Code') },
  '/*': { as: 'visitor', url: () => '/no/such/page', ready: heading('Page not found') },
  '/signup/:token': {
    as: 'visitor',
    url: (r) => `/signup/${r.signupToken}`,
    ready: (page) => page.getByText("You're invited"),
  },
  '/pay/:token': {
    as: 'visitor',
    url: (r) => `/pay/${r.payToken}`,
    ready: heading(/^Invoice INV-/),
  },
  // A link that names no proposal; issue 38's journey walks a real one at 390 px.
  '/proposals/:token': {
    as: 'visitor',
    url: () => `/proposals/${'x'.repeat(43)}`,
    ready: heading('This proposal link is not valid'),
  },
  '/privacy': {
    as: 'visitor',
    url: () => '/privacy',
    ready: (page) => page.getByText('Card payments are made on Stripe'),
  },
  '/terms': {
    as: 'visitor',
    url: () => '/terms',
    ready: (page) => page.getByText('Plans are billed monthly'),
  },
  '/portal': { as: 'client', url: () => '/portal', ready: heading('Client Portal') },
  '/portal/*': {
    as: 'client',
    url: () => '/portal/no-such-page',
    ready: heading('Page not found'),
  },
  '/portal/dashboard': {
    as: 'client',
    url: () => '/portal/dashboard',
    ready: heading('Client Portal'),
  },
  '/portal/support': {
    as: 'client',
    url: () => '/portal/support',
    ready: heading('Support Tickets'),
  },
  '/portal/support/new': {
    as: 'client',
    url: () => '/portal/support/new',
    ready: heading('New Ticket'),
  },
  '/portal/support/:id': {
    as: 'client',
    url: (r) => `/portal/support/${r.ticketId}`,
    ready: heading(TICKET_SUBJECT),
  },
  '/portal/subscribe': {
    as: 'client',
    url: () => '/portal/subscribe',
    ready: heading('Choose Your Plan'),
  },
  '/admin': { as: 'visitor', url: () => '/admin', ready: heading('Coast & Code Studio Admin') },
  '/admin/login': {
    as: 'visitor',
    url: () => '/admin/login',
    ready: heading('Coast & Code Studio Admin'),
  },
  // The one-time links' screens, here with a link that does not work: they say so.
  '/admin/forgot-password': {
    as: 'visitor',
    url: () => '/admin/forgot-password',
    ready: heading('Forgot your password?'),
  },
  '/admin/reset-password': {
    as: 'visitor',
    url: () => '/admin/reset-password?token=not-a-token',
    ready: heading('Set a new password'),
  },
  '/admin/setup': {
    as: 'visitor',
    url: () => '/admin/setup?token=not-a-token',
    ready: heading('Create the first admin'),
  },
  '/admin/accept-invite': {
    as: 'visitor',
    url: () => '/admin/accept-invite?token=not-a-token',
    ready: heading('Join the admin panel'),
  },
  '/admin/*': {
    as: 'admin',
    url: () => '/admin/no-such-page',
    ready: heading('Page not found'),
  },
  '/admin/dashboard': { as: 'admin', url: () => '/admin/dashboard', ready: heading('Dashboard') },
  '/admin/invoices': { as: 'admin', url: () => '/admin/invoices', ready: heading('Invoices') },
  '/admin/invoices/new': {
    as: 'admin',
    url: () => '/admin/invoices/new',
    ready: heading('New Invoice'),
  },
  '/admin/invoices/:id': {
    as: 'admin',
    url: (r) => `/admin/invoices/${r.invoiceId}`,
    ready: heading(/INV-/),
  },
  // A sent invoice: the screen says only a draft can be edited, under its heading.
  '/admin/invoices/:id/edit': {
    as: 'admin',
    url: (r) => `/admin/invoices/${r.invoiceId}/edit`,
    ready: heading('Edit Draft Invoice'),
  },
  '/admin/invoices/renewals': {
    as: 'admin',
    url: () => '/admin/invoices/renewals',
    ready: heading('Upcoming renewals'),
  },
  '/admin/proposals': { as: 'admin', url: () => '/admin/proposals', ready: heading('Proposals') },
  '/admin/proposals/new': {
    as: 'admin',
    url: () => '/admin/proposals/new',
    ready: heading('New proposal'),
  },
  '/admin/proposals/:id': {
    as: 'admin',
    url: (r) => `/admin/proposals/${r.proposalId}`,
    ready: heading(/^A new website for Fontenot Florals/),
  },
  '/admin/proposals/:id/edit': {
    as: 'admin',
    url: (r) => `/admin/proposals/${r.proposalId}/edit`,
    ready: (page) => page.getByRole('button', { name: 'Save changes' }),
  },
  '/admin/plans': { as: 'admin', url: () => '/admin/plans', ready: heading('Plans') },
  '/admin/website': { as: 'admin', url: () => '/admin/website', ready: heading('Website') },
  '/admin/website/preview': {
    as: 'admin',
    url: () => '/admin/website/preview',
    ready: (page) => page.getByText('Preview of your saved draft'),
  },
  '/admin/payments': { as: 'admin', url: () => '/admin/payments', ready: heading('Payments') },
  '/admin/payouts': { as: 'admin', url: () => '/admin/payouts', ready: heading('Payouts') },
  // The browser tests' Stripe makes no payout: the screen's not-found state is what fits here.
  '/admin/payouts/:id': {
    as: 'admin',
    url: () => '/admin/payouts/po_none',
    ready: heading('Payout not found'),
  },
  '/admin/books': { as: 'admin', url: () => '/admin/books', ready: heading('Books') },
  '/admin/clients': { as: 'admin', url: () => '/admin/clients', ready: heading('Clients') },
  '/admin/clients/:id': {
    as: 'admin',
    url: (r) => `/admin/clients/${r.clientId}`,
    ready: heading('Noémie Broussard'),
  },
  '/admin/clients/invite': {
    as: 'admin',
    // Invited from a consultation request with a long e-mail: one word wider than the phone.
    url: () =>
      '/admin/clients/invite?name=Marcel%20Thibodeaux&email=marcel.thibodeaux@thibodeauxfamilyrestaurant.com',
    ready: heading('Invite a client'),
  },
  '/admin/sites': { as: 'admin', url: () => '/admin/sites', ready: heading('Websites') },
  '/admin/support': { as: 'admin', url: () => '/admin/support', ready: heading('Support') },
  '/admin/support/:id': {
    as: 'admin',
    url: (r) => `/admin/support/${r.ticketId}`,
    ready: heading(TICKET_SUBJECT),
  },
  '/admin/support/inbound': {
    as: 'admin',
    url: () => '/admin/support/inbound',
    ready: heading('Inbound e-mail'),
  },
  '/admin/support/inbound/:id': {
    as: 'admin',
    url: (r) => `/admin/support/inbound/${r.inboundId}`,
    ready: (page) => page.getByRole('link', { name: 'Download the message as received (.eml)' }),
  },
  '/admin/requests': {
    as: 'admin',
    url: () => '/admin/requests',
    ready: heading('Consultation Requests'),
  },
  '/admin/outbox': { as: 'admin', url: () => '/admin/outbox', ready: heading('Outbox') },
  '/admin/outbox/:id': {
    as: 'admin',
    url: (r) => `/admin/outbox/${r.outboxId}`,
    ready: (page) => page.getByRole('link', { name: /^INV-\d{4}-\d{4}\.pdf/ }),
  },
  '/admin/settings': { as: 'admin', url: () => '/admin/settings', ready: heading('Settings') },
  '/admin/audit': { as: 'admin', url: () => '/admin/audit', ready: heading('Audit log') },
  '/admin/two-factor-setup': {
    as: 'admin',
    url: () => '/admin/two-factor-setup',
    ready: heading('Set up two-factor authentication'),
  },
  '/admin/marketing-tool': {
    as: 'admin',
    url: () => '/admin/marketing-tool',
    ready: heading('Marketing Tool'),
  },
};

/** A file name for a route pattern: '/admin/invoices/:id' -> 'admin-invoices-id'. */
function slug(pattern: string): string {
  return pattern.replace(/\*/g, 'not-found').replace(/[/:]+/g, '-').replace(/^-|-$/g, '') || 'home';
}

/**
 * Saves the page as test-results/phone-width/<name>.png and attaches it to the report: whole,
 * or only the window when what matters is fixed to it (a dialog, a toast).
 */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const file = `${testInfo.project.outputDir}/phone-width/${name}.png`;
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Opens a route on the phone, waits for its content, checks its width and axe's rules and keeps
 * a screenshot of it.
 */
async function checkRoute(page: Page, testInfo: TestInfo, pattern: string, records: Records) {
  const visit = ROUTES[pattern]!;
  await page.goto(visit.url(records));
  await expect(visit.ready(page), `${pattern} shows its content`).toBeVisible();
  await expectNoSidewaysScroll(page, pattern);
  await expectNoAxeViolations(page, `${pattern} at ${PHONE.width} px`);
  await keepScreenshot(page, testInfo, slug(pattern));
}

/**
 * The same screen, on the same page load, in a desktop window: axe's rules again, as the layout
 * there differs (it is all CSS, so a resize redraws it as a fresh load would). Back to the phone.
 */
async function checkOnDesktop(page: Page, pattern: string, andThen?: () => Promise<void>) {
  await page.setViewportSize(DESKTOP);
  await expect(ROUTES[pattern]!.ready(page), `${pattern} shows its content`).toBeVisible();
  await expectNoAxeViolations(page, `${pattern} at ${DESKTOP.width} px`);
  await andThen?.();
  await page.setViewportSize(PHONE);
}

const patternsFor = (as: Visit['as']) =>
  clientRoutePatterns().filter((pattern) => ROUTES[pattern]?.as === as);

/** A client account with an open ticket, and an invoice of theirs, sent. */
async function clientWithRecords(page: Page, adminApi: APIRequestContext) {
  const email = await signUpClient(page, 'Noémie');
  const ticket = await page.request.post('/api/tickets', {
    data: {
      subject: TICKET_SUBJECT,
      description: 'The prices run off the right edge of the screen on my phone.',
      priority: 'high',
    },
  });
  expect(ticket.status(), 'ticket created').toBe(201);
  const { id: ticketId } = (await ticket.json()) as { id: string };
  const invoiceId = await sentInvoice(adminApi, email, 'Noémie Broussard');
  const clients = await adminApi.get('/api/admin/clients', { params: { q: email } });
  expect(clients.status(), 'client directory').toBe(200);
  const { items } = (await clients.json()) as { items: Array<{ id: string; email: string }> };
  const clientId = items.find((client) => client.email === email)!.id;
  return { email, ticketId, invoiceId, clientId };
}

/** An invoice for `email`, e-mailed (which writes its pay link into the outbox). */
async function sentInvoice(adminApi: APIRequestContext, email: string, name: string) {
  const created = await adminApi.post('/api/admin/invoices', {
    data: {
      clientName: name,
      clientEmail: email,
      dueDate: '2026-12-31',
      lineItems: [
        {
          description: 'Website care, December: menu page and opening hours',
          quantity: 1,
          unitPrice: 24_900,
        },
        { description: 'Extra page: catering', quantity: 2, unitPrice: 12_500 },
      ],
    },
  });
  expect(created.status(), 'invoice created').toBe(201);
  const { invoice } = (await created.json()) as { invoice: { id: string } };
  const mailed = await adminApi.post(`/api/admin/invoices/${invoice.id}/email`);
  expect(mailed.status(), 'invoice e-mailed').toBeLessThan(300);
  return invoice.id;
}

/** The outbox's messages to `email`, as the agency sees them. */
async function outboxMessages(api: APIRequestContext, email: string) {
  const res = await api.get('/api/admin/outbox', { params: { q: email } });
  expect(res.status(), 'outbox').toBe(200);
  const { items } = (await res.json()) as {
    items: Array<{ id: string; toAddress: string; subject: string }>;
  };
  return items.filter((message) => message.toAddress === email);
}

/**
 * A consultation request, added by the admin as from the marketing tool (the landing page's
 * form allows 5 an hour from one address, which the other specs use): the Requests badge
 * counts it.
 */
async function consultationRequest(adminApi: APIRequestContext) {
  const sent = await adminApi.post('/api/admin/consultations', {
    data: {
      name: 'Rosalie Fontenot',
      email: 'rosalie.fontenot@example.com',
      business: 'Fontenot Florals',
      details: 'A shop with delivery areas.',
    },
  });
  expect(sent.status(), 'consultation request sent').toBe(201);
}

/** A draft proposal with a long item and the Signature plan; its id. */
async function proposalDraft(adminApi: APIRequestContext): Promise<string> {
  const saved = await adminApi.post('/api/admin/proposals', {
    data: {
      recipient: {
        name: 'Rosalie Fontenot',
        email: 'rosalie.fontenot@example.com',
        businessName: 'Fontenot Florals',
      },
      title: 'A new website for Fontenot Florals, with online ordering and delivery areas',
      planType: 'signature',
      items: [
        {
          description: 'Website build: eight pages, an online shop and delivery-area checkout',
          quantity: 1,
          unitPrice: 400_000,
        },
      ],
      depositPercent: 50,
      validUntil: '2099-12-31',
    },
  });
  expect(saved.status(), 'proposal saved').toBe(201);
  return ((await saved.json()) as { proposal: { id: string } }).proposal.id;
}

/** An e-mail received through the Postmark webhook, as Postmark posts it; its log id. */
async function inboundEmail(api: APIRequestContext): Promise<string> {
  const raw = [
    'From: Rosalie Fontenot <rosalie.fontenot@example.com>',
    'To: support@e2e.test',
    'Subject: A quote for a shop with a long name that wraps on a phone',
    `Message-ID: <phone-width-${Date.now()}@example.com>`,
    '',
    'Could you quote a new site?',
    '',
  ].join('\r\n');
  const auth = Buffer.from(`${E2E_POSTMARK.user}:${E2E_POSTMARK.password}`).toString('base64');
  const res = await api.post('/api/webhooks/inbound/postmark', {
    headers: { authorization: `Basic ${auth}` },
    data: { RawEmail: raw },
  });
  expect(res.status(), 'inbound e-mail posted').toBe(200);
  return ((await res.json()) as { id: string }).id;
}

test('the routes checked here are exactly the route table', () => {
  expect(Object.keys(ROUTES).sort(), 'ROUTES covers client/src/app/routes').toEqual(
    clientRoutePatterns(),
  );
});

test('public screens fit a phone', async ({ page, adminApi }, testInfo) => {
  test.setTimeout(120_000);
  const generated = await adminApi.post('/api/admin/generate-signup-link', {
    data: { email: 'lucien.arceneaux@example.com', planType: 'signature' },
  });
  expect(generated.status(), 'signup link generated').toBe(201);
  const { signupUrl } = (await generated.json()) as { signupUrl: string };
  const payEmail = 'celeste.guidry@example.com';
  await sentInvoice(adminApi, payEmail, 'Celeste Guidry');
  const [mail] = await outboxMessages(adminApi, payEmail);
  const text = (await (await adminApi.get(`/api/admin/outbox/${mail!.id}`)).json()) as {
    text: string;
  };
  const payUrl = /Pay this invoice online: (\S+)/.exec(text.text)![1]!;
  const records = {
    signupToken: signupUrl.split('/').pop()!,
    payToken: payUrl.split('/').pop()!,
  } as Records;

  for (const pattern of patternsFor('visitor')) {
    await checkRoute(page, testInfo, pattern, records);
    await checkOnDesktop(page, pattern);
  }
});

test('portal screens fit a phone', async ({ page, adminApi }, testInfo) => {
  // Every portal route and the dashboard's tabs, each photographed.
  test.setTimeout(240_000);
  const { ticketId, invoiceId } = await clientWithRecords(page, adminApi);
  const records = { ticketId, invoiceId } as Records;
  for (const pattern of patternsFor('client')) {
    await checkRoute(page, testInfo, pattern, records);
    await checkOnDesktop(page, pattern);
  }
  // The dashboard's other tabs.
  await page.goto('/portal/dashboard');
  for (const tab of ['Subscription', 'Support']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectNoSidewaysScroll(page, `/portal/dashboard, ${tab} tab`);
    await keepScreenshot(page, testInfo, `portal-dashboard-${tab.toLowerCase()}-tab`);
  }
});

test('admin screens fit a phone, with the navigation menu closed and open, and a desktop, with the tab bar', async ({
  page,
  browser,
  adminApi,
}, testInfo) => {
  test.setTimeout(480_000);
  // A client's open ticket and a new consultation request: both navigation badges show.
  const clientContext = await browser.newContext({ viewport: PHONE });
  const { ticketId, invoiceId, clientId, email } = await clientWithRecords(
    await clientContext.newPage(),
    adminApi,
  );
  await clientContext.close();
  await consultationRequest(adminApi);
  const invoiceMail = (await outboxMessages(adminApi, email)).find((m) =>
    m.subject.startsWith('Invoice '),
  );
  const inboundId = await inboundEmail(adminApi);
  const proposalId = await proposalDraft(adminApi);
  const records = {
    ticketId,
    invoiceId,
    clientId,
    outboxId: invoiceMail!.id,
    inboundId,
    proposalId,
  } as Records;

  await restoreAdminSession(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const pattern of patternsFor('admin')) {
    await checkRoute(page, testInfo, pattern, records);
    // Screens outside the admin's frame: the two-factor setup, and the draft's preview (the
    // landing page as visitors will see it, full screen).
    if (pattern === '/admin/two-factor-setup' || pattern === '/admin/website/preview') {
      await checkOnDesktop(page, pattern);
      continue;
    }

    // Closed: one button naming the page; the links are out of sight.
    const menu = nav.getByRole('button', { name: /Menu$/ });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(
      nav.getByRole('link', { name: /^Support \d+ open( \d+ held e-mails?)?$/ }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Requests \d+ new$/ })).toBeVisible();
    await expectNoSidewaysScroll(page, `${pattern}, navigation menu open`);
    await expectInViewport(page, nav.getByRole('list'), `${pattern}: the navigation menu`);
    await keepScreenshot(page, testInfo, `${slug(pattern)}--menu-open`);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await checkOnDesktop(page, pattern, async () => {
      if (pattern !== '/admin/dashboard') return;
      // On a desktop the admin navigation is the tab bar.
      await expect(nav.getByRole('button', { name: /Menu$/ })).toBeHidden();
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    });
  }

  // The menu names the current page and goes to another one, closing behind it.
  await page.goto('/admin/dashboard');
  // Closed, it also counts the open tickets and new requests behind it.
  await nav.getByRole('button', { name: /^Dashboard\b.*Menu$/ }).click();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(nav.getByRole('button', { name: /^Outbox\b.*Menu$/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();
});

test('dialogs and toasts stay on a phone screen', async ({ page, adminApi }, testInfo) => {
  test.setTimeout(90_000);
  const invoiceId = await sentInvoice(adminApi, 'odile.hebert@example.com', 'Odile Hebert');
  // Through the form: its sign-in toast is the toast looked at.
  await signInAdminThroughForm(page);

  // A toast: on screen, and once gone it leaves the header's buttons clickable.
  const toasts = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  const welcome = toasts.filter({ hasText: /Welcome( back)?!/ });
  await expectInViewport(page, welcome, 'the sign-in toast');
  // The strip around the toast (the padding of its list) takes no clicks meant for the page.
  const coveredByToasts = await page.evaluate(() =>
    Boolean(document.elementFromPoint(window.innerWidth / 2, 4)?.closest('[role="region"]')),
  );
  expect(coveredByToasts, 'the space around a toast lets clicks through').toBe(false);
  await keepScreenshot(page, testInfo, 'toast-welcome-back', false);
  await welcome.getByRole('button', { name: 'Close' }).click();
  await expect(welcome).toBeHidden();

  // Record payment, on the invoice.
  await page.goto(`/admin/invoices/${invoiceId}`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record payment' });
  await expectInViewport(page, payment, 'the Record payment dialog');
  await expectInViewport(
    page,
    payment.getByRole('button', { name: 'Record payment' }),
    'its Record payment button',
  );
  await expectNoSidewaysScroll(page, 'the Record payment dialog');
  await keepScreenshot(page, testInfo, 'dialog-record-payment', false);
  await page.keyboard.press('Escape');

  // The signup link's e-mail template, a tall dialog: it scrolls inside, its Send reachable.
  await page.goto('/admin/clients/invite');
  await page.getByLabel('Client Email').fill('marcel.thibodeaux@thibodeauxfamilyrestaurant.com');
  await page.getByLabel('Plan').selectOption('essentials');
  await page.getByRole('button', { name: 'Generate Link' }).click();
  const generatedToast = toasts.filter({ hasText: 'Link Generated' });
  await expectInViewport(page, generatedToast, 'the Link Generated toast');
  await expectNoSidewaysScroll(page, 'the invite page with a generated link for a long e-mail');
  await page.getByRole('button', { name: 'Email Template' }).click();
  const template = page.getByRole('dialog', { name: 'Email Template' });
  await expectInViewport(page, template, 'the Email Template dialog');
  const send = template.getByRole('button', { name: 'Send' });
  await send.scrollIntoViewIfNeeded();
  await expectInViewport(page, send, 'its Send button');
  await expectNoSidewaysScroll(page, 'the Email Template dialog');
  await keepScreenshot(page, testInfo, 'dialog-email-template', false);
  await page.keyboard.press('Escape');

  // The marketing tool's lead: a long dialog whose buttons stay in sight.
  await page.goto('/admin/marketing-tool');
  await page.getByLabel('State*').selectOption('Louisiana');
  await page.getByLabel('City*').fill('Baton Rouge');
  await page.getByLabel('Business Type*').selectOption('Restaurant');
  await page.getByRole('button', { name: 'Search Leads' }).click();
  await expect(page.getByRole('heading', { name: /Found \d+ business leads/ })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoSidewaysScroll(page, '/admin/marketing-tool with results');
  await keepScreenshot(page, testInfo, 'admin-marketing-tool-results');
  await page.getByTestId('lead-row').first().click();
  const lead = page.getByRole('dialog');
  await expect(lead.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expectInViewport(page, lead, 'the lead dialog');
  // The dialog's own Close comes before the corner's (also named Close).
  for (const name of ['Copy All Info', 'Close']) {
    const button = lead.getByRole('button', { name, exact: true }).first();
    await expectInViewport(page, button, `its ${name} button`);
  }
  await expectNoSidewaysScroll(page, 'the lead dialog');
  await keepScreenshot(page, testInfo, 'dialog-lead', false);

  // The landing page's consultation form.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await page
    .getByRole('navigation', { name: 'Main' })
    .locator('summary', { hasText: 'Menu' })
    .click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Get Started' }).click();
  const consultation = page.getByRole('dialog', { name: 'Schedule Your Free Consultation' });
  await expectInViewport(page, consultation, 'the consultation dialog');
  const schedule = consultation.getByRole('button', { name: 'Schedule Call' });
  await schedule.scrollIntoViewIfNeeded();
  await expectInViewport(page, schedule, 'its Schedule Call button');
  await keepScreenshot(page, testInfo, 'dialog-consultation', false);
});
