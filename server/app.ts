import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import os from 'node:os';
import compression from 'compression';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import { Passport } from 'passport';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { BUILT_IN_ISSUER } from './db/schema';
import { getOrCreateSecret } from './db/secrets';
import { createBillingRepository } from './features/billing/billing.repository';
import { createBillingService, type BillingService } from './features/billing/billing.service';
import { createConsultationRepository } from './features/consultations/consultations.repository';
import {
  adminConsultationRoutes,
  consultationRoutes,
} from './features/consultations/consultations.routes';
import { createConsultationService } from './features/consultations/consultations.service';
import { createDashboardRepository } from './features/dashboard/dashboard.repository';
import { adminDashboardRoutes } from './features/dashboard/dashboard.routes';
import { createDashboardService } from './features/dashboard/dashboard.service';
import { createPageFetcher } from './features/leads/analysis/page-fetcher';
import { createVerifier } from './features/leads/analysis/verification';
import { createWebsiteAnalyzer } from './features/leads/analysis/website-analyzer';
import { createLeadRepository } from './features/leads/leads.repository';
import { adminLeadRoutes } from './features/leads/leads.routes';
import { createBulkSearchRunner, type BulkSearchRunner } from './features/leads/leads.jobs';
import { createLeadService } from './features/leads/leads.service';
import { createSearchSteps } from './features/leads/search-steps';
import { SOURCE_USER_AGENT, selectLeadSource } from './features/leads/sources/select-source';
import { createMailRepository } from './features/mail/mail.repository';
import { adminMailRoutes } from './features/mail/mail.routes';
import { createMailService } from './features/mail/mail.service';
import { createMailer } from './features/mail/mailer';
import { createNotifications } from './features/mail/notifications';
import { createInvoiceRepository } from './features/invoices/invoices.repository';
import { adminInvoiceRoutes, clientInvoiceRoutes } from './features/invoices/invoices.routes';
import { createInvoiceService } from './features/invoices/invoices.service';
import { createSignupLinkRepository } from './features/signup-links/signup-links.repository';
import {
  adminSignupLinkRoutes,
  signupLinkRoutes,
} from './features/signup-links/signup-links.routes';
import { createSignupLinkService } from './features/signup-links/signup-links.service';
import { createSubscriptionRepository } from './features/subscriptions/subscriptions.repository';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { createSubscriptionService } from './features/subscriptions/subscriptions.service';
import { createTicketRepository } from './features/tickets/tickets.repository';
import { adminTicketRoutes, ticketRoutes } from './features/tickets/tickets.routes';
import { createTicketService } from './features/tickets/tickets.service';
import { createAdminRepository } from './features/admin-auth/admin-auth.repository';
import {
  adminAccountRoutes,
  adminPublicRoutes,
  requireAdmin,
  requireTwoFactorEnrolment,
} from './features/admin-auth/admin-auth.routes';
import { createAuditRepository } from './features/audit/audit.repository';
import { adminAuditRoutes } from './features/audit/audit.routes';
import { createAuditService } from './features/audit/audit.service';
import { createAdminAuthService } from './features/admin-auth/admin-auth.service';
import { createUserRepository } from './features/auth/auth.repository';
import { authRoutes, configurePassport } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createRelyingParty } from './features/auth/relying-party';
import { healthRoutes } from './features/health/health.routes';
import { createIdentityProvider } from './features/identity/identity.provider';
import { createIdentityAccountRepository } from './features/identity/identity.repository';
import { interactionLimits, interactionRoutes } from './features/identity/identity.routes';
import { createIdentityService } from './features/identity/identity.service';
import { createProfileRepository } from './features/profile/profile.repository';
import { profileRoutes } from './features/profile/profile.routes';
import { createProfileService } from './features/profile/profile.service';
import { createSettingsRepository } from './features/settings/settings.repository';
import { adminSettingsRoutes, publicSettingsRoutes } from './features/settings/settings.routes';
import { createSettingsService } from './features/settings/settings.service';
import { cspNonce } from './lib/csp-nonce';
import { rejectCrossSiteRequests } from './lib/csrf';
import { notifyingActionLimit } from './lib/rate-limit';
import { createRateLimitCounters } from './lib/rate-limit-store';
import { createRateLimitRepository } from './lib/rate-limit.repository';
import { createJobQueue } from './lib/job-queue';
import { AppError, errorHandler, notFoundApi } from './lib/errors';
import { clientDistDir } from './lib/paths';
import { adminSession, clientSession } from './lib/session';
import { SessionCache } from './lib/session-cache';
import { DatabaseSessionStore } from './features/sessions/session-store';
import { createSessionRepository } from './features/sessions/sessions.repository';
import { spaRoutes } from './lib/spa';
import { rejectNulCharacters } from './lib/validate';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The time the product runs on; tests move it to drive billing over months. */
  clock?: () => Date;
}

export interface AppInstance {
  app: Express;
  /** The daily subscription lifecycle run (scheduled by the job runner). */
  billing: Pick<BillingService, 'runDaily'>;
  /** The marketing tool's searches; the job runner works on its bulk searches. */
  leads: BulkSearchRunner;
  /** Releases what the app holds besides the database (the job queue's sender, the session notices). */
  close(): Promise<void>;
}

/** Builds the whole Express app (API, built-in provider, SPA). Does not listen. */
export async function createApp({
  config,
  database,
  logger,
  clock = () => new Date(),
}: AppDeps): Promise<AppInstance> {
  const { db } = database;
  const app = express();
  app.disable('x-powered-by');
  // Mount paths pick the session: /api/admin the admin's, whose cookie path browsers and
  // express-session compare case-sensitively. /api/ADMIN/me must not reach the admin routes
  // without that session: it is no route at all (404).
  app.set('case sensitive routing', true);
  // TRUST_PROXY: one proxy (the load balancer) in front. Trusting every hop would let anyone
  // pick their client address with X-Forwarded-For and slip past the per-address rate limits.
  app.set('trust proxy', config.trustProxy ? 1 : false);

  const audit = createAuditService(createAuditRepository(db));
  const settingsService = createSettingsService(createSettingsRepository(db), audit);
  const brand = async () => (await settingsService.getPublic()).businessName;
  const adminService = createAdminAuthService(createAdminRepository(db), {
    audit,
    issuer: brand,
    now: clock,
  });
  const userRepository = createUserRepository(db);
  // In the database, so that every instance counts the same attempts.
  const rateLimits = createRateLimitCounters(createRateLimitRepository(db), { logger });

  const sessionSecret =
    config.sessionSecret ??
    (await getOrCreateSecret(db, 'session-secret', () =>
      crypto.randomBytes(48).toString('base64url'),
    ));
  const sessionCache = await SessionCache.start(database);
  const sessionRepository = createSessionRepository(db);
  // One store per session middleware: express-session installs its cookie settings on the store.
  const sessionOptions = () => ({
    config,
    store: new DatabaseSessionStore(sessionRepository, sessionCache),
    secret: sessionSecret,
  });

  const consultationService = createConsultationService(createConsultationRepository(db));
  const mailRepository = createMailRepository(db);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    defaultFrom: async () => {
      const { businessName, businessEmail } = await settingsService.getPublic();
      return { name: businessName, address: businessEmail };
    },
    repository: mailRepository,
    logger,
  });
  const notifications = createNotifications({
    mailer,
    appUrl: config.appUrl,
    agency: () => settingsService.getPublic(),
    findClient: async (userId) => (await userRepository.findById(userId)) ?? null,
    logger,
  });
  const builtIn = config.oidc
    ? undefined
    : await createIdentityProvider({
        db,
        accounts: createIdentityAccountRepository(db),
        appUrl: config.appUrl,
        trustProxy: config.trustProxy,
        brand,
      });
  const relyingParty = createRelyingParty(
    {
      issuerUrl: config.oidc?.issuerUrl ?? builtIn!.issuer,
      issuerKey: builtIn ? BUILT_IN_ISSUER : undefined,
      clientId: config.oidc?.clientId ?? builtIn!.clientId,
      clientSecret: config.oidc?.clientSecret ?? builtIn!.clientSecret,
      redirectUri: `${config.appUrl}/api/callback`,
    },
    (claims) => authService.signIn(claims),
  );
  const passport = new Passport();
  configurePassport(passport);

  // One log line per request at info; at a quieter level pino-http would build a request
  // logger per request for nothing (errors still go to the main logger).
  if (logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger,
        genReqId: () => crypto.randomUUID(),
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({
            id: req.id,
            method: req.method,
            url: req.url,
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
        autoLogging: {
          ignore: (req) => req.url === '/api/health' || (req.url ?? '').startsWith('/assets/'),
        },
      }),
    );
  }
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.appUrl.startsWith('https://') ? [] : null,
        },
      },
      strictTransportSecurity: config.appUrl.startsWith('https://'),
      // Not "no-referrer": with it browsers send "Origin: null" on same-origin form posts.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.use(rejectCrossSiteRequests(config.appUrl));
  app.use(compression());

  app.use(
    '/api',
    healthRoutes(() => database.ping()),
  );

  if (builtIn) {
    const identityService = createIdentityService({
      accounts: createIdentityAccountRepository(db),
      mail: notifications,
      now: clock,
    });
    app.use(
      '/oidc/interaction',
      interactionRoutes({
        provider: builtIn.provider,
        service: identityService,
        brand,
        limits: interactionLimits(identityService, rateLimits),
      }),
    );
    app.use('/oidc', builtIn.provider.callback());
  }

  app.use('/api', express.json({ limit: '100kb' }), rejectNulCharacters);

  const ticketService = createTicketService(createTicketRepository(db), notifications, audit);
  const invoiceService = createInvoiceService({
    repository: createInvoiceRepository(db),
    mail: notifications,
    audit,
    issuer: async () => {
      const business = await settingsService.getBusiness();
      return { ...business, location: `${business.businessCity}, ${business.businessState}` };
    },
    now: clock,
  });
  const authService = createAuthService({
    repository: userRepository,
    claimForVerifiedEmail: (userId, email) => invoiceService.claimForVerifiedEmail(userId, email),
  });
  const profileService = createProfileService(createProfileRepository(db));
  const billingService = createBillingService({
    repository: createBillingRepository(db),
    invoices: invoiceService,
    renewalLeadDays: config.billing.renewalLeadDays,
    logger,
    now: clock,
  });
  const subscriptionService = createSubscriptionService(
    createSubscriptionRepository(db),
    notifications,
    billingService,
  );
  const signupLinkService = createSignupLinkService({
    repository: createSignupLinkRepository(db),
    appUrl: config.appUrl,
    mail: notifications,
    subscribe: (userId, planId) => subscriptionService.subscribe(userId, planId),
    findUser: (userId) => authService.findById(userId),
    audit,
    now: clock,
  });
  const jobQueue = createJobQueue(database);
  const leadRepository = createLeadRepository(db);
  const leadSource = selectLeadSource(config.leads, clock);
  const leadSearchSteps = createSearchSteps({
    repository: leadRepository,
    source: leadSource,
    analyse: createWebsiteAnalyzer({
      fetcher: createPageFetcher({
        policy: { allowLoopback: config.leads.allowLoopback },
        userAgent: SOURCE_USER_AGENT,
      }),
      now: clock,
    }),
    verify: createVerifier({ resolveMx: (domain) => dns.resolveMx(domain) }),
    now: clock,
  });
  const enqueueLeadSearch = (searchId: string) => jobQueue.sendLeadSearch(searchId);
  const bulkLeadSearches = createBulkSearchRunner({
    repository: leadRepository,
    source: leadSource,
    steps: leadSearchSteps,
    enqueue: enqueueLeadSearch,
    logger,
    now: clock,
    analysisConcurrency: config.leads.analysisConcurrency,
    workerId: `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
  });
  const leadService = createLeadService({
    repository: leadRepository,
    source: leadSource,
    steps: leadSearchSteps,
    enqueue: enqueueLeadSearch,
    bulk: bulkLeadSearches,
    now: clock,
    analysisConcurrency: config.leads.analysisConcurrency,
  });
  const adminDeps = {
    service: adminService,
    absoluteLifetimeMs: config.sessions.adminAbsoluteMs,
    setupToken: config.adminSetupToken,
    rateLimits,
    twoFactorRequiredForAll: async () =>
      (await settingsService.getBusiness()).requireAdminTwoFactor,
  };
  const admin = Router();
  admin.use(adminSession(sessionOptions()));
  admin.use(adminPublicRoutes(adminDeps));
  admin.use(requireAdmin(adminDeps));
  admin.use(requireTwoFactorEnrolment(adminDeps));
  admin.use(adminAccountRoutes(adminService, rateLimits));
  admin.use(adminAuditRoutes(audit));
  admin.use(adminConsultationRoutes(consultationService));
  admin.use(adminSettingsRoutes(settingsService));
  admin.use(adminDashboardRoutes(createDashboardService(createDashboardRepository(db))));
  admin.use(adminTicketRoutes(ticketService));
  admin.use(adminInvoiceRoutes(invoiceService));
  admin.use(adminSignupLinkRoutes(signupLinkService));
  admin.use(adminMailRoutes(createMailService(mailRepository, mailer), brand));
  admin.use(adminLeadRoutes(leadService));
  admin.use(notFoundApi);
  app.use('/api/admin', admin);

  // One count per account for every client action that e-mails the agency.
  const notifying = notifyingActionLimit(rateLimits);
  const api = Router();
  api.use(clientSession(sessionOptions()));
  api.use(passport.initialize());
  api.use(passport.session());
  api.use(
    authRoutes({
      appUrl: config.appUrl,
      brand,
      sessionMaxAgeMs: config.sessions.clientMaxAgeMs,
      passport,
      relyingParty,
      currentUser: (userId) => profileService.find(userId),
    }),
  );
  api.use(profileRoutes(profileService));
  api.use(publicSettingsRoutes(settingsService));
  api.use(consultationRoutes(consultationService, rateLimits));
  api.use(subscriptionRoutes(subscriptionService, notifying));
  api.use(ticketRoutes(ticketService, notifying));
  api.use(clientInvoiceRoutes(invoiceService));
  api.use(signupLinkRoutes(signupLinkService, notifying));
  api.use(notFoundApi);
  app.use('/api', api);

  app.use(spaRoutes(clientDistDir, config.appUrl));
  app.use((_req, _res, next) => next(new AppError(404, 'Not found')));
  app.use(errorHandler(logger));
  return {
    app,
    billing: billingService,
    leads: bulkLeadSearches,
    close: async () => {
      await Promise.all([jobQueue.stop(), sessionCache.stop()]);
    },
  };
}
