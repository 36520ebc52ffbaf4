import crypto from 'node:crypto';
import compression from 'compression';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import { Passport } from 'passport';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import {
  adminAccountRoutes,
  adminPublicRoutes,
  requireAdmin,
  requireTwoFactorEnrolment,
} from './features/admin-auth/admin-auth.routes';
import { adminAttachmentRoutes, attachmentRoutes } from './features/attachments/attachments.routes';
import { adminAuditRoutes } from './features/audit/audit.routes';
import { authRoutes, configurePassport } from './features/auth/auth.routes';
import { adminClientRoutes } from './features/clients/clients.routes';
import {
  adminConsultationRoutes,
  consultationRoutes,
} from './features/consultations/consultations.routes';
import { adminAccountingRoutes } from './features/accounting/accounting.routes';
import { adminDashboardRoutes } from './features/dashboard/dashboard.routes';
import { healthRoutes } from './features/health/health.routes';
import {
  emailChangeLimits,
  interactionLimits,
  interactionRoutes,
} from './features/identity/identity.routes';
import { adminInboundRoutes, inboundWebhookRoutes } from './features/inbound/inbound.routes';
import { adminInvoiceRoutes, clientInvoiceRoutes } from './features/invoices/invoices.routes';
import { adminLeadRoutes } from './features/leads/leads.routes';
import { adminMailRoutes } from './features/mail/mail.routes';
import {
  adminPaymentRoutes,
  clientPaymentRoutes,
  payLinkRoutes,
  stripeWebhookRoutes,
} from './features/payments/payments.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { depositRoutes } from './features/proposals/deposit.routes';
import {
  adminProposalRoutes,
  proposalRoutes,
  proposalSignBody,
} from './features/proposals/proposals.routes';
import { adminReportRoutes, reportRoutes } from './features/reports/reports.routes';
import { adminStatementRoutes, statementRoutes } from './features/statements/statements.routes';
import { adminSettingsRoutes, publicSettingsRoutes } from './features/settings/settings.routes';
import { adminResponseTimeRoutes } from './features/settings/response-times.routes';
import { adminBillingRoutes } from './features/billing/billing.routes';
import { adminLateFeeRoutes } from './features/billing/late-fees.routes';
import { adminLogoRoutes } from './features/settings/logo.routes';
import { adminUpdateAllowanceRoutes } from './features/settings/update-allowance.routes';
import { adminLateFeeSettingsRoutes } from './features/settings/late-fees.routes';
import { adminPlanRoutes, publicPlanRoutes } from './features/plans/plans.routes';
import { adminSavedReplyRoutes } from './features/saved-replies/saved-replies.routes';
import {
  adminLegalPageRoutes,
  publicLegalPageRoutes,
} from './features/settings/legal-pages.routes';
import {
  adminSignupLinkRoutes,
  signupLinkRoutes,
} from './features/signup-links/signup-links.routes';
import { adminSiteRoutes, siteRoutes } from './features/sites/sites.routes';
import { adminTaxRoutes } from './features/tax/tax.routes';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { adminTicketRoutes, ticketRoutes } from './features/tickets/tickets.routes';
import { adminUpdateRoutes, updateRoutes } from './features/updates/updates.routes';
import { adminOriginalEmailRoutes } from './features/inbound/original-email.routes';
import { cspNonce } from './lib/csp-nonce';
import { rejectCrossSiteRequests } from './lib/csrf';
import { AppError, errorHandler, notFoundApi } from './lib/errors';
import { serializeError } from './lib/logger';
import { clientDistDir } from './lib/paths';
import { notifyingActionLimit } from './lib/rate-limit';
import { loggedUrl } from './lib/request-log';
import { adminSession, clientSession } from './lib/session';
import {
  adminSiteContentRoutes,
  publicSiteContentRoutes,
} from './features/site-content/site-content.routes';
import { spaRoutes, type SpaOptions } from './lib/spa';
import { rejectNulCharacters } from './lib/validate';
import type { Services } from './services';
import type { WebServices } from './web-services';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Every service, built once by the composition root (services.ts). */
  services: Services;
  /** The sessions, the built-in provider and the relying party (services.ts). */
  web: WebServices;
  /** The built client to serve, when not the one in dist/ (tests). */
  site?: { distDir?: string; renderLanding?: SpaOptions['renderLanding'] };
}

/**
 * Builds the whole Express app (API, built-in provider, SPA) on services built elsewhere: HTTP
 * only, nothing here to start or stop. Does not listen.
 */
export function createApp({ config, logger, services, web, site }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Mount paths pick the session: /api/admin the admin's, whose cookie path browsers and
  // express-session compare case-sensitively. /api/ADMIN/me must not reach the admin routes
  // without that session: it is no route at all (404).
  app.set('case sensitive routing', true);
  // TRUST_PROXY: one proxy (the load balancer) in front. Trusting every hop would let anyone
  // pick their client address with X-Forwarded-For and slip past the per-address rate limits.
  app.set('trust proxy', config.trustProxy ? 1 : false);

  const { brand, rateLimits } = services;
  const sessionOptions = () => ({ config, store: web.sessionStore(), secret: web.sessionSecret });
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
            url: loggedUrl(req.url),
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          err: serializeError,
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
  // Stripe's servers post here: no cookie, no browser, the signature is the authentication.
  // Without Stripe there is no such route.
  if (services.payments.onlinePayments) {
    app.use('/api', stripeWebhookRoutes(services.payments, logger));
  }
  // The mail providers' servers post inbound mail here, authenticated by their own secrets.
  app.use(
    '/api',
    inboundWebhookRoutes(services.inbound, {
      postmark: config.inbound.postmark,
      mailgun: config.inbound.mailgun,
      maxBytes: config.inbound.maxBytes,
      logger,
    }),
  );
  app.use(rejectCrossSiteRequests(config.appUrl));
  app.use(compression());

  app.use(
    '/api',
    healthRoutes(() => services.ping()),
  );

  const { builtIn } = web;
  if (builtIn) {
    app.use(
      '/oidc/interaction',
      interactionRoutes({
        provider: builtIn.provider,
        service: services.identity,
        brand,
        limits: interactionLimits(services.identity, rateLimits),
      }),
    );
    app.use('/oidc', builtIn.provider.callback());
  }

  // The proposal's sign route takes a drawn signature: its own larger limit, parsed first.
  app.use(
    '/api',
    proposalSignBody(rateLimits),
    express.json({ limit: '100kb' }),
    rejectNulCharacters,
  );

  const adminDeps = {
    service: services.adminAuth,
    absoluteLifetimeMs: config.sessions.adminAbsoluteMs,
    setupToken: config.adminSetupToken,
    rateLimits,
    twoFactorRequiredForAll: async () =>
      (await services.settings.getBusiness()).requireAdminTwoFactor,
    mailDelivers: Boolean(config.mail.smtpUrl),
  };
  const admin = Router();
  admin.use(adminSession(sessionOptions()));
  admin.use(adminPublicRoutes(adminDeps));
  admin.use(requireAdmin(adminDeps));
  admin.use(requireTwoFactorEnrolment(adminDeps));
  admin.use(adminAccountRoutes(services.adminAuth, rateLimits));
  admin.use(adminAuditRoutes(services.audit));
  admin.use(adminConsultationRoutes(services.consultations));
  admin.use(adminSettingsRoutes(services.settings));
  admin.use(adminLegalPageRoutes(services.legalPages));
  admin.use(adminSiteContentRoutes(services.siteContent));
  admin.use(adminResponseTimeRoutes(services.responseTimes));
  admin.use(adminUpdateAllowanceRoutes(services.updateAllowance));
  admin.use(adminLateFeeSettingsRoutes(services.lateFees));
  admin.use(adminLogoRoutes(services.logo));
  admin.use(adminBillingRoutes(services.billing));
  admin.use(adminLateFeeRoutes(services.billing));
  admin.use(adminSavedReplyRoutes(services.savedReplies));
  admin.use(adminPlanRoutes(services.plans));
  admin.use(adminDashboardRoutes(services.dashboard));
  admin.use(adminTicketRoutes(services.tickets, services.attachments));
  admin.use(adminUpdateRoutes(services.updates));
  admin.use(adminAttachmentRoutes(services.attachments));
  admin.use(adminOriginalEmailRoutes(services.originalEmail));
  admin.use(adminInvoiceRoutes(services.invoices, services.payments));
  admin.use(adminPaymentRoutes(services.payments));
  admin.use(adminSignupLinkRoutes(services.signupLinks));
  admin.use(adminClientRoutes(services.clients));
  admin.use(adminMailRoutes(services.mail, brand));
  admin.use(adminLeadRoutes(services.leads));
  admin.use(adminInboundRoutes(services.inbound));
  admin.use(adminAccountingRoutes(services.accounting));
  admin.use(adminReportRoutes(services.reports));
  admin.use(adminSiteRoutes(services.sites));
  admin.use(adminProposalRoutes(services.proposals));
  admin.use(adminStatementRoutes(services.statements));
  admin.use(adminTaxRoutes(services.tax));
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
      contact: () => services.settings.getPublic(),
      sessionMaxAgeMs: config.sessions.clientMaxAgeMs,
      passport,
      relyingParty: web.relyingParty,
      currentUser: (userId) => services.profile.find(userId),
    }),
  );
  api.use(profileRoutes(services.profile, rateLimits, emailChangeLimits(rateLimits)));
  api.use(publicSettingsRoutes(services.settings));
  api.use(publicLegalPageRoutes(services.legalPages));
  api.use(publicSiteContentRoutes(services.siteContent));
  api.use(publicPlanRoutes(services.plans));
  api.use(consultationRoutes(services.consultations, rateLimits));
  api.use(subscriptionRoutes(services.subscriptions, notifying));
  api.use(ticketRoutes(services.tickets, notifying, services.attachments));
  api.use(updateRoutes(services.updates));
  api.use(attachmentRoutes(services.attachments));
  api.use(clientInvoiceRoutes(services.invoices));
  api.use(clientPaymentRoutes(services.payments));
  api.use(payLinkRoutes(services.payments, brand, rateLimits));
  api.use(
    '/proposals',
    depositRoutes(
      services.proposalBilling,
      services.resolveProposalToken,
      rateLimits,
      config.appUrl,
    ),
  );
  api.use(signupLinkRoutes(services.signupLinks, notifying));
  api.use(reportRoutes(services.reports));
  api.use(siteRoutes(services.sites));
  api.use(proposalRoutes(services.proposals, rateLimits));
  api.use(statementRoutes(services.statements));
  api.use(notFoundApi);
  app.use('/api', api);

  app.use(
    spaRoutes(site?.distDir ?? clientDistDir, config.appUrl, () => services.settings.getPublic(), {
      renderLanding: site?.renderLanding,
      siteSnapshot: () => services.siteContent.snapshot(),
      logger,
    }),
  );
  app.use((_req, _res, next) => next(new AppError(404, 'Not found')));
  app.use(errorHandler(logger));
  return app;
}
