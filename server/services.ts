import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from './config';
import { EXTRA_UPDATES_LOCK, INVOICE_NUMBERS_LOCK, type DatabaseHandle } from './db/client';
import { BUILT_IN_ISSUER, type User } from './db/schema';
import { createAdminRepository } from './features/admin-auth/admin-auth.repository';
import { createAdminAuthEmails } from './features/admin-auth/admin-auth.emails';
import { createAdminAuthService } from './features/admin-auth/admin-auth.service';
import { createAttachmentRepository } from './features/attachments/attachments.repository';
import { createAttachmentService } from './features/attachments/attachments.service';
import { createAuditRepository } from './features/audit/audit.repository';
import { createAuditService } from './features/audit/audit.service';
import { createUserRepository } from './features/auth/auth.repository';
import { createAuthService } from './features/auth/auth.service';
import { createBillingRepository } from './features/billing/billing.repository';
import { createBillingService } from './features/billing/billing.service';
import { createLateFees } from './features/billing/late-fees';
import { createPaymentReminders } from './features/billing/payment-reminders';
import { createRenewalCharges } from './features/billing/renewal-charges';
import { createConsultationEmails } from './features/consultations/consultations.emails';
import { createConsultationRepository } from './features/consultations/consultations.repository';
import { createConsultationService } from './features/consultations/consultations.service';
import { createAccountingRepository } from './features/accounting/accounting.repository';
import { createAccountingService } from './features/accounting/accounting.service';
import { createDashboardRepository } from './features/dashboard/dashboard.repository';
import { createDashboardService } from './features/dashboard/dashboard.service';
import { createIdentityEmails } from './features/identity/identity.emails';
import { createIdentityAccountRepository } from './features/identity/identity.repository';
import { createIdentityService } from './features/identity/identity.service';
import { createCreditNoteRepository } from './features/invoices/credit-notes.repository';
import { createInvoiceEmails } from './features/invoices/invoices.emails';
import { createInvoiceRepository } from './features/invoices/invoices.repository';
import { createInvoiceService } from './features/invoices/invoices.service';
import { createPayLinks } from './features/invoices/pay-links';
import { createPayLinkRepository } from './features/invoices/pay-links.repository';
import { createPageFetcher } from './lib/outbound/page-fetcher';
import { checkPublicUrl } from './lib/outbound/public-url';
import { createPageReader } from './features/leads/analysis/page-reader';
import { createVerifier } from './features/leads/analysis/verification';
import { createWebsiteAnalyzer, websiteUrl } from './features/leads/analysis/website-analyzer';
import { assessWebsite } from './features/leads/analysis/website-quality';
import { createBulkSearchRunner } from './features/leads/leads.jobs';
import { createHeldDigest } from './features/inbound/held-digest';
import { createInboundEmails } from './features/inbound/inbound.emails';
import { createInboundRepository } from './features/inbound/inbound.repository';
import { createImapPoller } from './features/inbound/imap-poller';
import { createInboundService } from './features/inbound/inbound.service';
import { createLeadRepository } from './features/leads/leads.repository';
import { createLeadService } from './features/leads/leads.service';
import { createSearchSteps } from './features/leads/search-steps';
import { SOURCE_USER_AGENT, selectLeadSource } from './features/leads/sources/select-source';
import { createMailRepository } from './features/mail/mail.repository';
import { createMailService } from './features/mail/mail.service';
import { createMailer } from './features/mail/mailer';
import { createSend, type Send } from './features/mail/send';
import { createPaymentEmails } from './features/payments/payments.emails';
import { createPaymentPages } from './features/payments/payment-pages';
import { createPaymentRepository } from './features/payments/payments.repository';
import { createPaymentService } from './features/payments/payments.service';
import { createPayoutRepository } from './features/payments/payouts.repository';
import { createSavedCardRepository } from './features/payments/saved-cards.repository';
import { createStripeGateway } from './features/payments/stripe-gateway';
import { createProposalEmails } from './features/proposals/proposals.emails';
import { createProposalRepository } from './features/proposals/proposals.repository';
import { createProposalService } from './features/proposals/proposals.service';
import { createProposalTokens } from './features/proposals/proposal-tokens';
import { createProfileRepository } from './features/profile/profile.repository';
import { createProfileService } from './features/profile/profile.service';
import { createReportEmails } from './features/reports/reports.emails';
import { createReportsRepository } from './features/reports/reports.repository';
import { createReportService } from './features/reports/reports.service';
import { createMonthlyStatements } from './features/statements/monthly-statements';
import { createStatementEmails } from './features/statements/statements.emails';
import { createStatementsRepository } from './features/statements/statements.repository';
import { createStatementService } from './features/statements/statements.service';
import { createSessionRepository } from './features/sessions/sessions.repository';
import { createSettingsRepository } from './features/settings/settings.repository';
import { createSettingsService } from './features/settings/settings.service';
import { createLegalPages } from './features/settings/legal-pages';
import { createResponseTimes } from './features/settings/response-times';
import { createPlanEmails } from './features/plans/plans.emails';
import { createPlanRepository } from './features/plans/plans.repository';
import { createPlanService } from './features/plans/plans.service';
import { createSavedReplyRepository } from './features/saved-replies/saved-replies.repository';
import { createSavedReplyService } from './features/saved-replies/saved-replies.service';
import { createTaxRepository } from './features/tax/tax.repository';
import { createTaxService } from './features/tax/tax.service';
import { createResponseTimeRepository } from './features/settings/response-times.repository';
import { createLogo } from './features/settings/logo';
import { createLogoRepository } from './features/settings/logo.repository';
import { createLateFeeSettings } from './features/settings/late-fees';
import { createLateFeeSettingsRepository } from './features/settings/late-fees.repository';
import { createUpdateAllowance } from './features/settings/update-allowance';
import { createUpdateAllowanceRepository } from './features/settings/update-allowance.repository';
import { createLegalPageRepository } from './features/settings/legal-pages.repository';
import { createSiteContentRepository } from './features/site-content/site-content.repository';
import { createSiteContentService } from './features/site-content/site-content.service';
import { createSignupLinkEmails } from './features/signup-links/signup-links.emails';
import { createSignupLinkRepository } from './features/signup-links/signup-links.repository';
import { createRdapClient } from './features/sites/rdap';
import { createSiteChecker } from './features/sites/site-checker';
import { createSiteEmails } from './features/sites/sites.emails';
import { createSiteRepository } from './features/sites/sites.repository';
import { createSiteService, SITE_CHECK_USER_AGENT } from './features/sites/sites.service';
import { createSignupLinkService } from './features/signup-links/signup-links.service';
import { createSubscriptionEmails } from './features/subscriptions/subscriptions.emails';
import { createSubscriptionRepository } from './features/subscriptions/subscriptions.repository';
import { createClientRepository } from './features/clients/clients.repository';
import { createClientService } from './features/clients/clients.service';
import { createSubscriptionService } from './features/subscriptions/subscriptions.service';
import { createOriginalEmails } from './features/inbound/original-email';
import { createInboundProcessor } from './features/inbound/process';
import { createRawMessages } from './features/inbound/raw-messages';
import { createRawUpkeep } from './features/inbound/raw-upkeep';
import { createReadingSlots } from './features/inbound/reading-slots';
import { createSenderVerifier, dnsResolver } from './features/inbound/sender-verification';
import { createAgreements } from './features/proposals/agreements';
import { createAgreementsRepository } from './features/proposals/agreements.repository';
import { createPdfSealer } from './features/proposals/pdf-seal';
import { createSigningCredentials } from './features/proposals/signing-credentials';
import { createSigningCredentialsRepository } from './features/proposals/signing-credentials.repository';
import { createTicketEmails } from './features/tickets/tickets.emails';
import { createTicketRepository } from './features/tickets/tickets.repository';
import { createTicketService } from './features/tickets/tickets.service';
import { createUpdatesRepository } from './features/updates/updates.repository';
import { createUpdatesService } from './features/updates/updates.service';
import { createProposalBilling } from './features/proposals/proposal-billing';
import { createProposalBillingEmails } from './features/proposals/proposal-billing.emails';
import { createProposalBillingRepository } from './features/proposals/proposal-billing.repository';
import { createClamdScanner } from './lib/clamd';
import { createFileStorage } from './lib/file-storage';
import { createBackgroundWork } from './lib/background-work';
import { createJobQueue, mailRetryJobOptions } from './lib/job-queue';
import { createRateLimitCounters } from './lib/rate-limit-store';
import { createRateLimitRepository } from './features/rate-limits/rate-limits.repository';

/**
 * The composition root: every repository and service of the product, built once per process
 * from the configuration and the database. The web server (app.ts, with what web-services.ts
 * adds for it), the job runner (jobs.ts), server/index.ts and the one-off commands under cli/
 * all take what they need from here.
 */

/** Automatic answers to one sender (confirmations, files not kept): at most this many an hour. */
export const AUTOMATIC_ANSWERS_PER_HOUR = 3;
const AUTOMATIC_ANSWER_WINDOW_MS = 60 * 60 * 1000;

/** Each feature's e-mails, built once on the one send, for the services that send them. */
function createEmails(send: Send) {
  const invoices = createInvoiceEmails(send);
  const payments = createPaymentEmails(send);
  return {
    adminAuth: createAdminAuthEmails(send),
    consultations: createConsultationEmails(send),
    identity: createIdentityEmails(send),
    inbound: createInboundEmails(send),
    invoices,
    payments,
    plans: createPlanEmails(send),
    /** The payments' e-mails, and the pay link a payment uses up. */
    paymentNotifications: { ...payments, forgetPayLink: invoices.forgetPayLink },
    reports: createReportEmails(send),
    signupLinks: createSignupLinkEmails(send),
    statements: createStatementEmails(send),
    sites: createSiteEmails(send),
    tickets: createTicketEmails(send),
  };
}

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The time the product runs on; tests move it to drive billing over months. */
  clock?: () => Date;
}

/**
 * The repositories and services. Building them touches neither the network nor the database
 * (the job queue's sender starts on its first job), so a one-off command can afford them all.
 */
export function createServices({
  config,
  database,
  logger,
  clock = () => new Date(),
}: ServiceDeps) {
  const { db } = database;
  const repositories = {
    admins: createAdminRepository(db),
    attachments: createAttachmentRepository(db),
    audit: createAuditRepository(db),
    billing: createBillingRepository(db, config.billing.timezone),
    clients: createClientRepository(db),
    consultations: createConsultationRepository(db),
    creditNotes: createCreditNoteRepository(db, config.billing.timezone),
    dashboard: createDashboardRepository(db),
    identityAccounts: createIdentityAccountRepository(db),
    inbound: createInboundRepository(db),
    invoices: createInvoiceRepository(db, config.billing.timezone),
    leads: createLeadRepository(db),
    mail: createMailRepository(db),
    payLinks: createPayLinkRepository(db),
    payments: createPaymentRepository(db, config.billing.timezone),
    payouts: createPayoutRepository(db),
    plans: createPlanRepository(db),
    responseTimes: createResponseTimeRepository(db),
    savedReplies: createSavedReplyRepository(db),
    profiles: createProfileRepository(db),
    proposals: createProposalRepository(db),
    reports: createReportsRepository(db),
    rateLimits: createRateLimitRepository(db),
    savedCards: createSavedCardRepository(db),
    sessions: createSessionRepository(db),
    settings: createSettingsRepository(db),
    legalPages: createLegalPageRepository(db),
    siteContent: createSiteContentRepository(db),
    signupLinks: createSignupLinkRepository(db),
    sites: createSiteRepository(db),
    statements: createStatementsRepository(db, config.billing.timezone),
    subscriptions: createSubscriptionRepository(db),
    tax: createTaxRepository(db),
    tickets: createTicketRepository(db),
    updateAllowance: createUpdateAllowanceRepository(db),
    logo: createLogoRepository(db),
    updates: createUpdatesRepository(db),
    users: createUserRepository(db),
  };

  const audit = createAuditService(repositories.audit);
  // Sales tax (issue 39): the rates, each client's taxation; invoices and billing apply them.
  const tax = createTaxService({ repository: repositories.tax, audit, now: clock });
  // The books (issue 39): the tax report, the accountant's files, the ledger accounts.
  const accounting = createAccountingService({
    repository: createAccountingRepository(db, config.billing.timezone),
    audit,
  });
  const settings = createSettingsService(repositories.settings, audit, {
    timeZone: config.billing.timezone,
  });
  // The logo on every PDF's letterhead (lib/pdf-document.ts draws it).
  const logo = createLogo({
    repository: repositories.logo,
    storage: createFileStorage(config.brandFiles),
    audit,
    now: clock,
  });
  /** Who issues each PDF (invoices, credit notes, agreements, reports, statements). */
  const pdfIssuer = async () => {
    const business = await settings.getBusiness();
    return {
      ...business,
      location: `${business.businessCity}, ${business.businessState}`,
      logo: await logo.forPdf(),
      timeZone: config.billing.timezone,
    };
  };
  // Signed proposals' sealed agreements (issue 38): made once, kept in a store of their own,
  // sealed on the real clock (a reader checks the certificate's dates against it).
  const agreements = createAgreements({
    repository: createAgreementsRepository(db),
    files: createFileStorage(config.agreements.files),
    sealer: createPdfSealer(
      createSigningCredentials({
        repository: createSigningCredentialsRepository(db),
        given: config.agreements.signingP12,
        agencyName: async () => (await settings.getBusiness()).businessName,
      }),
    ),
    issuer: pdfIssuer,
  });
  const updateAllowance = createUpdateAllowance({
    repository: repositories.updateAllowance,
    audit,
  });
  // The late-fee terms (issue 39): charged by the billing run, printed on every invoice.
  const lateFees = createLateFeeSettings({
    repository: createLateFeeSettingsRepository(db),
    audit,
    now: clock,
  });
  const legalPages = createLegalPages({
    repository: repositories.legalPages,
    business: () => settings.getPublic(),
    audit,
  });
  /** The business name, wherever the brand appears (e-mails, the provider's pages, 2FA). */
  const brand = async () => (await settings.getPublic()).businessName;
  // In the database, so that every instance counts the same attempts.
  const rateLimits = createRateLimitCounters(repositories.rateLimits, { logger });

  const jobQueue = createJobQueue(database);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    defaultFrom: async () => {
      const { businessName, businessEmail } = await settings.getPublic();
      return { name: businessName, address: businessEmail };
    },
    repository: repositories.mail,
    logger,
    retries: {
      attempts: config.mail.retry.attempts,
      schedule: (outboxId) =>
        jobQueue.sendMailRetry(outboxId, mailRetryJobOptions(config.mail.retry)),
    },
  });
  // Work after the answer (e-mails, "Forgot password?"): close() waits for it.
  const background = createBackgroundWork(logger);
  // Every feature's e-mails go out through the one send; the mail feature knows none of them.
  const send = createSend({
    mailer,
    appUrl: config.appUrl,
    agency: () => settings.getPublic(),
    findClient: async (userId) => (await repositories.users.findById(userId)) ?? null,
    logger,
    background,
    supportAddress: config.support.email,
  });
  const emails = createEmails(send);
  // The plan catalogue: every feature that needs a plan's name, price or targets reads it here.
  const plans = createPlanService({
    repository: repositories.plans,
    audit,
    emails: emails.plans,
    noticeDays: async () => (await settings.getBusiness()).priceChangeNoticeDays,
    timeZone: config.billing.timezone,
    now: clock,
  });
  /** The landing page's words, its uploaded images, and the plans it shows (issue 37). */
  const siteContent = createSiteContentService({
    repository: repositories.siteContent,
    storage: createFileStorage(config.siteImages),
    audit,
    publicPlans: () => plans.listPublicPlans(),
  });
  const responseTimes = createResponseTimes({
    repository: repositories.responseTimes,
    audit,
    defaultTimeZone: config.billing.timezone,
    planTargets: async () => (await plans.catalogue()).responseTimes(),
  });

  const adminAuth = createAdminAuthService(repositories.admins, {
    audit,
    issuer: brand,
    now: clock,
    mail: emails.adminAuth,
    background,
    appUrl: config.appUrl,
  });
  const attachments = createAttachmentService({
    repository: repositories.attachments,
    storage: createFileStorage(config.attachments),
    scanner: config.attachments.clamd ? createClamdScanner(config.attachments.clamd) : null,
    limits: async () => {
      const { attachmentMaxFileMb, attachmentMaxMessageMb } = await settings.getBusiness();
      return {
        maxFileBytes: attachmentMaxFileMb * 1024 * 1024,
        maxMessageBytes: attachmentMaxMessageMb * 1024 * 1024,
      };
    },
    logger,
    now: clock,
  });
  const tickets = createTicketService(repositories.tickets, emails.tickets, audit, attachments, {
    policy: () => responseTimes.policy(),
    now: clock,
  });
  const stripe = config.stripe ? createStripeGateway(config.stripe, logger) : null;
  const paymentInstructions = async () => (await settings.getBusiness()).paymentInstructions;
  // Pay links and payment pages come first: the invoices hand out links and close pages, and
  // the payments use the invoices, so nothing is bound late.
  const payLinks = createPayLinks({
    repository: repositories.payLinks,
    onlinePayments: stripe !== null,
    appUrl: config.appUrl,
    payLinkDays: config.payments.payLinkDays,
    paymentInstructions,
    now: clock,
  });
  const paymentPages = createPaymentPages({
    repository: repositories.payments,
    gateway: stripe,
    logger,
  });
  const invoices = createInvoiceService({
    repository: repositories.invoices,
    creditNotes: repositories.creditNotes,
    refundCard: stripe ? (refund) => stripe.refundPayment(refund) : null,
    mail: emails.invoices,
    audit,
    planName: async (id) => (await plans.catalogue()).find(id)?.name ?? null,
    issuer: async () => ({ ...(await pdfIssuer()), lateFeeTerms: await lateFees.terms() }),
    payLink: payLinks.payLink,
    closePaymentPage: paymentPages.closeBeforeDelete,
    stripeTestMode: stripe?.testMode ?? true,
    // Every instance's sends take turns: a refused e-mail gives its number back without a gap.
    numbering: (work) => database.withLock(INVOICE_NUMBERS_LOCK, work),
    now: clock,
    timeZone: config.billing.timezone,
    taxes: tax,
  });
  const updates = createUpdatesService({
    repository: repositories.updates,
    allowance: () => updateAllowance.get(),
    plans,
    invoices,
    audit,
    serialize: (work) => database.withLock(EXTRA_UPDATES_LOCK, work),
    now: clock,
    timeZone: config.billing.timezone,
  });
  const payments = createPaymentService({
    repository: repositories.payments,
    savedCards: repositories.savedCards,
    payouts: repositories.payouts,
    invoices,
    payLinks,
    pages: paymentPages,
    notifications: emails.paymentNotifications,
    gateway: stripe,
    appUrl: config.appUrl,
    stripeTestMode: stripe?.testMode ?? true,
    paymentInstructions,
    lateFeeTerms: () => lateFees.terms(),
    audit,
    logger,
    now: clock,
    timeZone: config.billing.timezone,
  });
  /** A client's account at the built-in provider, while it is the one signing clients in. */
  const builtInAccountId = ({
    oidcIssuer,
    oidcSubject,
  }: Pick<User, 'oidcIssuer' | 'oidcSubject'>) =>
    !config.oidc && oidcIssuer === BUILT_IN_ISSUER ? oidcSubject : undefined;
  // A signed proposal's first invoice, the rest as a draft, the client and the plan (issue 38).
  const proposalBilling = createProposalBilling({
    repository: createProposalBillingRepository(db, config.billing.timezone),
    invoices,
    mail: createProposalBillingEmails(send),
    openCheckout: (invoiceId, returnTo, prospect) =>
      payments.payProposalInvoice(invoiceId, returnTo, prospect),
    adoptCustomer: (userId, customerId) => payments.adoptProspectCustomer(userId, customerId),
    online: stripe !== null,
    paymentInstructions,
    appUrl: config.appUrl,
    logger,
    now: clock,
    timeZone: config.billing.timezone,
  });
  const auth = createAuthService({
    repository: repositories.users,
    // What was written to the address before the account: invoices, then signed proposals.
    claimForVerifiedEmail: async (userId, email) => {
      await invoices.claimForVerifiedEmail(userId, email);
      // A proposal that cannot attach now (Stripe out of reach) never stops the sign-in: the
      // next sign-in attaches it.
      await proposalBilling.attachForVerifiedEmail(userId, email).catch((error: unknown) => {
        logger.error({ err: error, userId }, 'signed proposals not attached at sign-in');
      });
    },
    // A deactivated client's provider session goes, so the next try asks for the password.
    whenRefused: async (user) => {
      const accountId = builtInAccountId(user);
      if (accountId) await repositories.identityAccounts.endProviderSessions(accountId);
    },
  });
  const billing = createBillingService({
    repository: repositories.billing,
    invoices,
    plans,
    chargeDueRenewals: createRenewalCharges({
      repository: repositories.billing,
      gateway: stripe,
      pages: paymentPages,
      payLinks,
      notifications: emails.payments,
      retryDays: config.payments.retryDays,
      logger,
      now: clock,
      timeZone: config.billing.timezone,
    }),
    sendReminders: createPaymentReminders({
      repository: repositories.billing,
      settings: () => settings.getBusiness(),
      lateFees: () => lateFees.get(),
      payLinks,
      notifications: emails.payments,
      now: clock,
      timeZone: config.billing.timezone,
    }),
    applyLateFees: createLateFees({
      repository: repositories.billing,
      invoices,
      settings: () => lateFees.get(),
      logger,
      now: clock,
      timeZone: config.billing.timezone,
    }),
    renewalLeadDays: config.billing.renewalLeadDays,
    taxes: tax,
    timeZone: config.billing.timezone,
    logger,
    now: clock,
  });
  const subscriptions = createSubscriptionService(
    repositories.subscriptions,
    createSubscriptionEmails(send, plans),
    billing,
    plans,
    clock,
    config.billing.timezone,
  );
  const signupLinks = createSignupLinkService({
    repository: repositories.signupLinks,
    appUrl: config.appUrl,
    mail: emails.signupLinks,
    subscribe: (userId, planId) => subscriptions.subscribe(userId, planId),
    findUser: (userId) => auth.findById(userId),
    audit,
    linkDays: async () => (await settings.getBusiness()).signupLinkDays,
    now: clock,
    plans,
  });

  const leadSource = selectLeadSource(config.leads, clock, logger);
  // Its worker threads start with the first page read, so a one-off command starts none.
  const pageReader = createPageReader();
  const leadSearchSteps = createSearchSteps({
    repository: repositories.leads,
    source: leadSource,
    analyse: createWebsiteAnalyzer({
      fetcher: createPageFetcher({
        policy: { allowLoopback: config.outbound.allowLoopback },
        userAgent: SOURCE_USER_AGENT,
      }),
      reader: pageReader,
      now: clock,
    }),
    verify: createVerifier({ resolveMx: (domain) => dns.resolveMx(domain) }),
    now: clock,
  });
  const enqueueLeadSearch = (searchId: string) => jobQueue.sendLeadSearch(searchId);
  const leadSearches = createBulkSearchRunner({
    repository: repositories.leads,
    source: leadSource,
    steps: leadSearchSteps,
    enqueue: enqueueLeadSearch,
    logger,
    now: clock,
    analysisConcurrency: config.leads.analysisConcurrency,
    workerId: `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
  });
  const leads = createLeadService({
    repository: repositories.leads,
    source: leadSource,
    steps: leadSearchSteps,
    enqueue: enqueueLeadSearch,
    bulk: leadSearches,
    homeState: async () => (await settings.getBusiness()).businessState,
    now: clock,
    analysisConcurrency: config.leads.analysisConcurrency,
  });

  // The built-in provider's accounts; a reset password ends the client's sessions everywhere.
  const identity = createIdentityService({
    accounts: repositories.identityAccounts,
    mail: emails.identity,
    background,
    endAppSessions: (accountId) =>
      repositories.sessions.endSessionsOfIdentity(BUILT_IN_ISSUER, accountId),
    clientHoldsEmail: (email, accountId) =>
      repositories.users.verifiedEmailHeldByOther(email, BUILT_IN_ISSUER, accountId),
    now: clock,
  });
  const profile = createProfileService(repositories.profiles, {
    identity,
    builtInAccountId,
    endOtherSessions: (userId, keepSessionId) =>
      repositories.sessions.endClientSessions(userId, keepSessionId),
    audit,
  });

  const mail = createMailService(repositories.mail, mailer, audit, clock);

  /** The raw support e-mails, in the attachments' file store (their own folder or prefix). */
  const rawMessages = createRawMessages({
    storage: createFileStorage(config.inbound.rawStore),
    spoolDir: config.inbound.rawStore.dir,
  });
  /** Every reader of a whole e-mail waits for one of these (reading-slots.ts). */
  const inboundReading = createReadingSlots(config.inbound.processingConcurrency);

  /**
   * Inbound e-mail becomes tickets and messages here; its files go through the same checks,
   * scan and storage as the portal's (whatever is not kept is named, with the reason).
   */
  const inboundProcessor = createInboundProcessor({
    repository: repositories.inbound,
    tickets,
    verify: createSenderVerifier({ resolver: dnsResolver(config.support.dnsServers) }),
    attachments,
    rawMessages,
    reading: inboundReading,
    mayAnswer: async (address) =>
      (
        await repositories.rateLimits.hit(
          `inbound-auto-answer:${address.toLowerCase()}`,
          AUTOMATIC_ANSWER_WINDOW_MS,
        )
      ).hits <= AUTOMATIC_ANSWERS_PER_HOUR,
    answers: emails.tickets,
    logger,
  });
  const clients = createClientService({
    repository: repositories.clients,
    subscriptions,
    invoices,
    tickets,
    signupLinks,
    mail,
    audit,
    stripeTestMode: stripe?.testMode ?? true,
    passwordReset: {
      builtInAccountId,
      accountEmail: (accountId) => identity.accountEmail(accountId),
      send: emails.identity.passwordResetLink,
    },
    identity,
    endSessions: (userId) => repositories.sessions.endClientSessions(userId),
    now: clock,
  });

  /**
   * The monthly reports: a site's health score is the marketing tool's website score
   * (docs/lead-scoring.md), from the same analyser through the same address guard.
   */
  const analyseSite = createWebsiteAnalyzer({
    fetcher: createPageFetcher({
      policy: { allowLoopback: config.outbound.allowLoopback },
      userAgent: SOURCE_USER_AGENT,
    }),
    reader: pageReader,
    now: clock,
  });
  const reports = createReportService({
    repository: repositories.reports,
    measureWebsite: async (url) => {
      const address = websiteUrl(url);
      const quality = assessWebsite(
        url,
        address ? await analyseSite(address) : null,
        clock().getUTCFullYear(),
      );
      return { score: quality.score, issues: quality.issues };
    },
    issuer: pdfIssuer,
    mail: emails.reports,
    audit,
    logger,
    now: clock,
    timeZone: config.billing.timezone,
  });

  /** Client statements (issue 39): the admin's, the portal's, and last month's on the 1st. */
  const statementService = createStatementService({
    repository: repositories.statements,
    issuer: pdfIssuer,
    mail: emails.statements,
    audit,
    now: clock,
    timeZone: config.billing.timezone,
  });
  const statements = {
    ...statementService,
    runMonthly: createMonthlyStatements({
      repository: repositories.statements,
      statements: statementService,
      logger,
      now: clock,
      timeZone: config.billing.timezone,
    }),
  };

  const consultations = createConsultationService(repositories.consultations, {
    mail: emails.consultations,
    emailsOn: async () => (await settings.getBusiness()).consultationEmails,
    logger,
    timeZone: config.billing.timezone,
    plans,
    now: clock,
  });

  /** Mail coming in: every transport's one door (ingest) and the admin's inbound log. */
  const inbound = createInboundService({
    repository: repositories.inbound,
    rawMessages,
    reading: inboundReading,
    processor: inboundProcessor,
    supportAddress: async () => config.support.email ?? (await settings.getPublic()).businessEmail,
    consultations,
    audit,
    onProcessingError: (error, inboundMessageId) =>
      logger.error({ err: error, inboundMessageId }, 'inbound message not processed'),
  });

  /** Site care: the clients' websites, their checks, incidents and warnings. */
  const outboundPolicy = { allowLoopback: config.outbound.allowLoopback };
  const siteChecker = createSiteChecker({
    policy: outboundPolicy,
    timeoutMs: config.sites.timeoutMs,
    userAgent: SITE_CHECK_USER_AGENT,
  });
  const rdap = createRdapClient({
    rdapUrl: config.sites.rdapUrl,
    bootstrapUrl: config.sites.rdapBootstrapUrl,
    policy: outboundPolicy,
    timeoutMs: config.sites.timeoutMs,
    userAgent: SITE_CHECK_USER_AGENT,
    now: clock,
  });
  const sites = createSiteService({
    repository: repositories.sites,
    checkSite: siteChecker,
    lookUpDomainExpiry: rdap,
    vetUrl: (url) => checkPublicUrl(url, outboundPolicy),
    events: emails.sites,
    audit,
    policy: () => responseTimes.policy(),
    settings: config.sites,
    timeZone: config.billing.timezone,
    logger,
    now: clock,
  });

  /** IMAP_URL: the mailbox the job runner polls for support mail (null: none). */
  const pollInboundMailbox = config.inbound.imap
    ? createImapPoller({
        url: config.inbound.imap.url,
        accessToken: config.inbound.imap.accessToken,
        ingest: inbound.ingest,
        logger,
      })
    : null;

  /** Proposals (issue 38): written, sent, signed with evidence, sealed, billed. */
  const proposals = createProposalService({
    repository: repositories.proposals,
    tokens: createProposalTokens({ key: () => repositories.proposals.tokenKey() }),
    mail: createProposalEmails(send),
    audit,
    plans,
    agency: async () => {
      const { businessName, businessEmail, businessPhone } = await settings.getPublic();
      return { name: businessName, email: businessEmail, phone: businessPhone };
    },
    agreements,
    billing: proposalBilling,
    appUrl: config.appUrl,
    timeZone: config.billing.timezone,
    logger,
    now: clock,
  });

  return {
    repositories,
    adminAuth,
    /** Signed proposals' sealed agreement PDFs: ensure(id) makes one once, read(id) serves it. */
    accounting,
    agreements,
    /** Files on tickets: stored, scanned, served; the inbound mail saves its files here. */
    attachments,
    audit,
    auth,
    billing,
    brand,
    /** The client directory and each client's page. */
    clients,
    consultations,
    dashboard: createDashboardService(
      repositories.dashboard,
      clock,
      {
        businessDetailsSaved: settings.saved,
        paymentInstructions: async () => (await settings.getBusiness()).paymentInstructions,
        onlinePayments: stripe !== null,
        smtpConfigured: Boolean(config.mail.smtpUrl),
        legalPagesReviewed: legalPages.reviewed,
        siteSamplesReplaced: siteContent.samplesReplaced,
      },
      config.billing.timezone,
      plans,
    ),
    identity,
    /** Inbound e-mail into tickets: process(id), release(id, userId), the crash sweep. */
    inboundProcessor,
    /** The full original of a ticket message that came by e-mail (the admin's). */
    originalEmail: createOriginalEmails({
      repository: repositories.inbound,
      rawMessages,
      reading: inboundReading,
    }),
    /** The raw copies: moved out of the database at start-up, kept their days (jobs.ts). */
    inboundRawUpkeep: createRawUpkeep({
      repository: repositories.inbound,
      rawMessages,
      retentionDays: async () => (await settings.getBusiness()).originalEmailDays,
      now: clock,
    }),
    inbound,
    /** The day's digest of held inbound mail to the agency (jobs.ts, daily). */
    inboundHeldDigest: createHeldDigest({
      repository: repositories.inbound,
      emails: emails.inbound,
      digestOn: async () => (await settings.getBusiness()).heldMailDigest,
      timeZone: config.billing.timezone,
      now: clock,
    }),
    pollInboundMailbox,
    invoices,
    /** /privacy and /terms: the default texts or the owner's. */
    legalPages,
    /** The landing page's words: draft, published, previous; its images; its plans. */
    siteContent,
    plans,
    responseTimes,
    savedReplies: createSavedReplyService(repositories.savedReplies, audit),
    /** Sales tax: the rates in Settings and each client's taxation (issue 39). */
    tax,
    /** The marketing tool's use cases. */
    leads,
    /** The bulk lead searches the job runner works on. */
    leadSearches,
    mail,
    /**
     * Resolves once every e-mail sent in the background so far is recorded (or failed), and the
     * other work after an answer that may send one ("Forgot password?") has ended.
     */
    notifications: { idle: () => background.idle() },
    /** Getting paid: Checkout, the saved card, Stripe's events, recorded payments. */
    payments,
    /** A signed proposal's money: its first invoice, the rest, the client and the plan. */
    proposalBilling,
    /** A proposal link's token to its proposal's id (404 for no link): the deposit's route. */
    resolveProposalToken: proposals.proposalIdOf,
    /** Whether the database answers (GET /api/health). */
    ping: () => database.ping(),
    profile,
    proposals,
    rateLimits,
    /** Each client's monthly report: the run of the 1st, the admin's, the client's downloads. */
    reports,
    settings,
    signupLinks,
    /** The clients' websites: managed, listed, checked on a schedule (jobs.ts). */
    sites,
    /** Client statements, and last month's e-mailed on the 1st (jobs.ts). */
    statements,
    subscriptions,
    tickets,
    /** Each plan's website updates per month and the price of an extra one (Settings). */
    updateAllowance,
    lateFees,
    logo,
    /** The month's updates meter, and an update beyond the plan billed as an extra. */
    updates,
    /**
     * Releases what the services hold besides the database: the job queue's sender and the
     * page reader's threads.
     */
    async close(): Promise<void> {
      // Work after an answer, and the messages it sends, lands before the database closes.
      await background.idle();
      await Promise.all([jobQueue.stop(), pageReader.close(), siteChecker.close(), rdap.close()]);
    },
  };
}
export type Services = ReturnType<typeof createServices>;
