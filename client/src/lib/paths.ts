/**
 * Every screen's address, built in one place: links and navigations call these, and the route
 * tables (app/routes/) match on their `.pattern`. Renaming a screen's address is a change here
 * and nowhere else.
 *
 * A screen without a parameter is a function too, `paths.admin.invoices()`, and takes the
 * query string its list keeps in the URL: `paths.admin.invoices({ client: id })`.
 */

/**
 * `?name=value&...` of the set, non-empty values, in the order given, or of a query string a
 * list built itself (`listQueryString`); '' when there is none.
 */
function searchOf(query: Record<string, string | undefined> | string | undefined): string {
  if (typeof query === 'string') return query ? `?${query}` : '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value) search.set(name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The query parameters a screen reads, by name, or a query string built by its list. */
type Query<Name extends string> = Partial<Record<Name, string>> | string;

type Screen<Name extends string> = ((query?: Query<Name>) => string) & { pattern: string };
type OneRecord<Name extends string> = ((id: string, query?: Query<Name>) => string) & {
  pattern: string;
};

/** A screen at a fixed address, with the query parameters it reads. */
function screen<Name extends string = never>(pattern: string): Screen<Name> {
  return Object.assign((query?: Query<Name>) => pattern + searchOf(query), { pattern });
}

/** A screen of one record: `pattern` ends in `/:id` (or `/:token`). */
function record<Name extends string = never>(pattern: string): OneRecord<Name> {
  const base = pattern.slice(0, pattern.lastIndexOf('/:') + 1);
  return Object.assign(
    (id: string, query?: Query<Name>) => base + encodeURIComponent(id) + searchOf(query),
    { pattern },
  );
}

/** A screen of one record with more after its id: `pattern` holds `/:id/` (an edit screen). */
function recordScreen(pattern: string): OneRecord<never> {
  return Object.assign((id: string) => pattern.replace(':id', encodeURIComponent(id)), {
    pattern,
  });
}

/** The list screens' query parameters (each list's names in features/<name>). */
type ListQuery = 'q' | 'page' | 'pageSize';

export const paths = {
  home: screen('/'),
  /** An invited client's signup link. */
  signup: record('/signup/:token'),
  /** An invoice's pay link. */
  pay: record<'payment'>('/pay/:token'),
  /** A proposal's link: read, sign and pay the deposit without an account (issue 38). */
  proposal: record<'paid'>('/proposals/:token'),
  /** The legal pages, written in Settings. */
  privacy: screen('/privacy'),
  terms: screen('/terms'),
  portal: {
    /** Everything under /portal, for the route table. */
    area: screen('/portal/*'),
    root: screen('/portal'),
    dashboard: screen<'tab'>('/portal/dashboard'),
    support: screen<ListQuery | 'status'>('/portal/support'),
    newTicket: screen('/portal/support/new'),
    ticket: record('/portal/support/:id'),
    subscribe: screen('/portal/subscribe'),
  },
  admin: {
    /** Everything under /admin, for the route table. */
    area: screen('/admin/*'),
    root: screen('/admin'),
    login: screen<'next'>('/admin/login'),
    forgotPassword: screen('/admin/forgot-password'),
    resetPassword: screen<'token'>('/admin/reset-password'),
    setup: screen<'token'>('/admin/setup'),
    acceptInvite: screen<'token'>('/admin/accept-invite'),
    twoFactorSetup: screen('/admin/two-factor-setup'),
    dashboard: screen('/admin/dashboard'),
    invoices: screen<ListQuery | 'status' | 'client' | 'sort' | 'dir'>('/admin/invoices'),
    newInvoice: screen<'client'>('/admin/invoices/new'),
    /** The next 30 days' renewals and the invoice each will make (before `invoice`). */
    upcomingRenewals: screen<'page' | 'pageSize'>('/admin/invoices/renewals'),
    invoice: record('/admin/invoices/:id'),
    editInvoice: recordScreen('/admin/invoices/:id/edit'),
    payments: screen<ListQuery>('/admin/payments'),
    /** Stripe's payouts to the bank, each with the payments it held (issue 39). */
    payouts: screen<'status' | 'unmatched' | 'page' | 'pageSize'>('/admin/payouts'),
    payout: record('/admin/payouts/:id'),
    clients: screen<ListQuery>('/admin/clients'),
    inviteClient: screen<'email' | 'name'>('/admin/clients/invite'),
    client: record('/admin/clients/:id'),
    /** Every client's watched websites, worst first. */
    sites: screen<ListQuery | 'status'>('/admin/sites'),
    support: screen<ListQuery | 'status' | 'client'>('/admin/support'),
    /** Every e-mail received for the support address (before `ticket`, which it would match). */
    inbound: screen<ListQuery | 'state'>('/admin/support/inbound'),
    inboundMessage: record<ListQuery | 'state'>('/admin/support/inbound/:id'),
    ticket: record('/admin/support/:id'),
    requests: screen<ListQuery>('/admin/requests'),
    outbox: screen<ListQuery | 'status'>('/admin/outbox'),
    outboxMessage: record<ListQuery | 'status'>('/admin/outbox/:id'),
    settings: screen('/admin/settings'),
    /** The landing page's words, images and publishing (issue 37). */
    website: screen('/admin/website'),
    /** The landing page drawn with the owner's unpublished draft. */
    websitePreview: screen('/admin/website/preview'),
    /** Proposals: written, sent, opened, signed, paid (issue 38). */
    proposals: screen<ListQuery | 'status'>('/admin/proposals'),
    /**
     * A new proposal; `client`, `consultation`, or `search` and `lead` prefill who it is for
     * (before `proposal`, which it would match).
     */
    newProposal: screen<'client' | 'consultation' | 'search' | 'lead'>('/admin/proposals/new'),
    proposal: record('/admin/proposals/:id'),
    editProposal: recordScreen('/admin/proposals/:id/edit'),
    /** The plan catalogue: prices, what each includes, order, retired plans. */
    plans: screen('/admin/plans'),
    audit: screen<ListQuery>('/admin/audit'),
    /** The tax report and the accountant's files for a period (issue 39). */
    books: screen<'period' | 'from' | 'to' | 'basis'>('/admin/books'),
    marketingTool: screen<'search'>('/admin/marketing-tool'),
  },
} as const;
