import crypto from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Admin } from '../../db/schema';
import {
  AcceptAdminInviteSchema,
  ADMIN_RESET_KEPT_IN_OUTBOX,
  ADMIN_RESET_REQUESTED,
  AdminForgotPasswordSchema,
  AdminInviteSchema,
  AdminPasswordResetSchema,
  AdminTokenQuerySchema,
  FirstAdminSchema,
} from '@shared/schemas/admin-accounts';
import { ListQuerySchema } from '@shared/schemas/common';
import {
  AdminLoginSchema,
  AdminSetupSchema,
  DisableTwoFactorSchema,
  EnableTwoFactorSchema,
  RegenerateRecoveryCodesSchema,
  ResetPasswordSchema,
  TwoFactorLoginSchema,
} from '@shared/schemas/auth';
import { currentAdmin } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import {
  createRateLimiter,
  limitPerIpAndEmail,
  loginRateLimit,
  SIGN_IN_LIMITS,
  SIGN_IN_RULE,
  type RateLimitKey,
} from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { clearSessionCookie, destroySession, regenerateSession } from '../../lib/session';
import { parse } from '../../lib/validate';
import {
  hasTwoFactor,
  toPublicAdmin,
  toSignedInAdmin,
  type AdminAuthService,
} from './admin-auth.service';

declare module 'express-session' {
  interface SessionData {
    /**
     * Between the password and the code: whose password was right, and when. Not an admin
     * session: requireAdmin looks at adminId only.
     */
    pendingAdminId?: string;
    pendingAdminEmail?: string;
    pendingAdminSince?: number;
    /** This admin session is the admin's first sign-in: welcomed, not welcomed back. */
    adminFirstSignIn?: boolean;
  }
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by requireTwoFactorEnrolment: this admin must set up two-factor first. */
      twoFactorSetupRequired?: boolean;
    }
  }
}

/** How long the code may wait after the password. */
const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

export const TWO_FACTOR_SETUP_REQUIRED =
  'Two-factor authentication is required for every admin. Set it up to continue.';
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your password again.';

interface AdminAuthRoutesDeps {
  service: AdminAuthService;
  absoluteLifetimeMs: number;
  setupToken: string | undefined;
  rateLimits: RateLimitCounters;
  /** The business setting "Require two-factor authentication for every admin". */
  twoFactorRequiredForAll: () => Promise<boolean>;
  /** Whether a mail server (SMTP_URL) delivers the reset links, or the outbox keeps them. */
  mailDelivers: boolean;
}

/** Admin sign-in, setup and password change count in the same counters. */
const ADMIN_SIGN_IN = 'admin-sign-in';
/** A password change or a two-factor change is an attempt at the signed-in admin's secrets. */
const signedInAdminEmail: RateLimitKey = (_req, res) => res.locals.admin?.email;

function tokensMatch(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Guards every admin route but login and setup: a valid admin session younger than its
 * absolute lifetime, whose admin still exists. Puts the admin on res.locals.admin.
 */
export function requireAdmin({ service, absoluteLifetimeMs }: AdminAuthRoutesDeps): RequestHandler {
  return async (req, res, next) => {
    // No session at all when express-session skipped the request (outside its cookie path).
    const { adminId, adminSignedInAt } = req.session ?? {};
    if (!adminId || !adminSignedInAt) return next(new AppError(401, 'Unauthorized'));
    if (Date.now() - adminSignedInAt > absoluteLifetimeMs) {
      await destroySession(req);
      clearSessionCookie(res);
      return next(new AppError(401, 'Your session has expired. Please sign in again.'));
    }
    const admin = await service.findById(adminId);
    if (!admin) return next(new AppError(401, 'Unauthorized'));
    res.locals.admin = admin;
    next();
  };
}

/** What an admin without a second factor may still reach when every admin must have one. */
const OPEN_BEFORE_ENROLMENT = new Set([
  'GET /me',
  'GET /two-factor',
  'POST /two-factor/setup',
  'POST /two-factor/enable',
]);

/**
 * Behind requireAdmin: while "Require two-factor authentication for every admin" is on, an
 * admin without it gets a 403 everywhere but /me and the set-up routes.
 */
export function requireTwoFactorEnrolment({
  twoFactorRequiredForAll,
}: AdminAuthRoutesDeps): RequestHandler {
  return async (req, res, next) => {
    const admin = currentAdmin(res);
    if (hasTwoFactor(admin) || !(await twoFactorRequiredForAll())) return next();
    res.locals.twoFactorSetupRequired = true;
    if (OPEN_BEFORE_ENROLMENT.has(`${req.method} ${req.path}`)) return next();
    next(new AppError(403, TWO_FACTOR_SETUP_REQUIRED, { code: 'two_factor_setup_required' }));
  };
}

/**
 * Signs the admin in on a fresh session, or, when their second factor is on, leaves the
 * sign-in waiting for its code (as the password step of /login does).
 */
async function startSession(
  deps: AdminAuthRoutesDeps,
  req: Request,
  res: Response,
  admin: Admin,
  { status = 200, method }: { status?: number; method: 'reset_link' | 'new_account' },
) {
  await regenerateSession(req);
  if (hasTwoFactor(admin)) {
    req.session.pendingAdminId = admin.id;
    req.session.pendingAdminEmail = admin.email;
    req.session.pendingAdminSince = Date.now();
    res.status(status).json({ twoFactorRequired: true });
    return;
  }
  req.session.adminId = admin.id;
  req.session.adminSignedInAt = Date.now();
  req.session.adminFirstSignIn = await deps.service.signedIn(admin, method);
  res
    .status(status)
    .json(
      toSignedInAdmin(admin, await deps.twoFactorRequiredForAll(), req.session.adminFirstSignIn),
    );
}

/** "Forgot password?": counted per address and per e-mail, answered or not. */
const forgotPasswordLimits = (counters: RateLimitCounters) =>
  limitPerIpAndEmail(counters, {
    name: 'admin-forgot-password',
    windowMs: 60 * 60 * 1000,
    limit: { ip: 20, email: 5 },
    message: (minutes) =>
      `Too many requests for a new password. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });

/**
 * Open without a session: "Forgot password?" and its link, the first admin's setup link and
 * an invitation's accept page. A wrong link counts as a failed sign-in of its own account.
 */
function adminLinkRoutes(deps: AdminAuthRoutesDeps): Router {
  const router = Router();
  const { service } = deps;
  const linkLimit = (account: string) =>
    loginRateLimit(deps.rateLimits, ADMIN_SIGN_IN, { account });

  router.post('/forgot-password', ...forgotPasswordLimits(deps.rateLimits), async (req, res) => {
    const { email } = parse(AdminForgotPasswordSchema, req.body);
    service.requestPasswordReset(email);
    res.json({ message: deps.mailDelivers ? ADMIN_RESET_REQUESTED : ADMIN_RESET_KEPT_IN_OUTBOX });
  });
  router.get('/password-reset', ...linkLimit('admin-reset-link'), async (req, res) => {
    await service.checkResetLink(parse(AdminTokenQuerySchema, req.query).token);
    res.json({ ready: true });
  });
  router.post('/password-reset', ...linkLimit('admin-reset-link'), async (req, res) => {
    const { token, password } = parse(AdminPasswordResetSchema, req.body);
    const admin = await service.resetPassword(token, password);
    await startSession(deps, req, res, admin, { method: 'reset_link' });
  });

  router.get('/first-admin', ...linkLimit('admin-setup-link'), async (req, res) => {
    await service.checkSetupLink(parse(AdminTokenQuerySchema, req.query).token);
    res.json({ ready: true });
  });
  router.post('/first-admin', ...linkLimit('admin-setup-link'), async (req, res) => {
    const admin = await service.createFirstAdmin(parse(FirstAdminSchema, req.body));
    await startSession(deps, req, res, admin, { status: 201, method: 'new_account' });
  });

  router.get('/admin-invites/accept', ...linkLimit('admin-invite'), async (req, res) => {
    res.json(await service.inviteDetails(parse(AdminTokenQuerySchema, req.query).token));
  });
  router.post('/admin-invites/accept', ...linkLimit('admin-invite'), async (req, res) => {
    const admin = await service.acceptInvite(parse(AcceptAdminInviteSchema, req.body));
    await startSession(deps, req, res, admin, { status: 201, method: 'new_account' });
  });
  return router;
}

/** Routes open without an admin session: login (both steps) and setup. */
export function adminPublicRoutes(deps: AdminAuthRoutesDeps): Router {
  const router = Router();
  // One limiter for both steps: wrong passwords and wrong codes share the same budget.
  const limit = loginRateLimit(deps.rateLimits, ADMIN_SIGN_IN);

  router.post('/login', ...limit, async (req, res) => {
    const { email, password } = parse(AdminLoginSchema, req.body);
    const admin = await deps.service.authenticate(email, password);
    // A fresh session id at every sign-in: no session fixation.
    await regenerateSession(req);
    if (hasTwoFactor(admin)) {
      req.session.pendingAdminId = admin.id;
      req.session.pendingAdminEmail = admin.email;
      req.session.pendingAdminSince = Date.now();
      res.json({ twoFactorRequired: true });
      return;
    }
    req.session.adminId = admin.id;
    req.session.adminSignedInAt = Date.now();
    req.session.adminFirstSignIn = await deps.service.signedIn(admin, 'password');
    res.json(
      toSignedInAdmin(admin, await deps.twoFactorRequiredForAll(), req.session.adminFirstSignIn),
    );
  });

  // The limiter counts per e-mail: the pending admin's, whatever the body says.
  const pendingEmail: RequestHandler = (req, _res, next) => {
    req.body = { ...(req.body as object), email: req.session.pendingAdminEmail ?? '' };
    next();
  };

  router.post('/login/two-factor', pendingEmail, ...limit, async (req, res) => {
    const { code } = parse(TwoFactorLoginSchema, req.body);
    const { pendingAdminId, pendingAdminSince } = req.session;
    if (!pendingAdminId || !pendingAdminSince) throw new AppError(401, SIGN_IN_EXPIRED);
    if (Date.now() - pendingAdminSince > PENDING_SIGN_IN_MS) {
      await destroySession(req);
      throw new AppError(401, SIGN_IN_EXPIRED);
    }
    const { admin, firstSignIn } = await deps.service.completeSignIn(pendingAdminId, code);
    await regenerateSession(req);
    req.session.adminId = admin.id;
    req.session.adminSignedInAt = Date.now();
    req.session.adminFirstSignIn = firstSignIn;
    res.json(toSignedInAdmin(admin, false, firstSignIn));
  });

  router.use(adminLinkRoutes(deps));

  router.post('/logout', async (req, res) => {
    await destroySession(req);
    clearSessionCookie(res);
    res.json({ message: 'Logged out' });
  });

  // A wrong setup token is a failed sign-in: counted per address, as the token's own account.
  const setupLimit = loginRateLimit(deps.rateLimits, ADMIN_SIGN_IN, { account: 'setup-token' });
  router.post('/setup', ...setupLimit, async (req, res) => {
    if (!deps.setupToken) throw new AppError(404, 'Admin setup is disabled');
    const given = req.get('x-admin-setup-token');
    if (!given || !tokensMatch(given, deps.setupToken)) {
      throw new AppError(401, 'Invalid setup token');
    }
    const admin = await deps.service.create(parse(AdminSetupSchema, req.body), 'setup-token');
    res.status(201).json(toPublicAdmin(admin));
  });

  return router;
}

/**
 * Routes behind requireAdmin: the admin's own account and second factor. Each is a guess at
 * the admin's password or code when the session is stolen, so all of them count in the
 * sign-in limits, as attempts at the signed-in admin's account.
 */
export function adminAccountRoutes(
  service: AdminAuthService,
  rateLimits: RateLimitCounters,
): Router {
  const router = Router();
  const limit = [
    ...loginRateLimit(rateLimits, ADMIN_SIGN_IN, { account: signedInAdminEmail }),
    // A stolen session used from many addresses: 10 failures in all, whatever the address.
    createRateLimiter(rateLimits, {
      ...SIGN_IN_RULE,
      name: 'admin-account:admin',
      limit: SIGN_IN_LIMITS.accountAndAddress,
      key: (_req, res) => res.locals.admin?.id,
    }),
  ];
  router.post('/reset-password', ...limit, async (req, res) => {
    const { currentPassword, newPassword } = parse(ResetPasswordSchema, req.body);
    await service.changePassword(currentAdmin(res), currentPassword, newPassword, req.sessionID);
    res.json({ message: 'Password updated' });
  });
  router.get('/admins', async (req, res) => {
    res.json(await service.listAdmins(parse(ListQuerySchema, req.query)));
  });
  router.get('/admin-invites', async (req, res) => {
    res.json(await service.pendingInvites(parse(ListQuerySchema, req.query)));
  });
  router.post('/admin-invites', async (req, res) => {
    const { email } = parse(AdminInviteSchema, req.body);
    await service.invite(currentAdmin(res), email);
    res.status(201).json({ message: `Invitation sent to ${email}` });
  });
  router.delete('/admin-invites/:id', async (req: Request<{ id: string }>, res) => {
    await service.revokeInvite(currentAdmin(res), req.params.id);
    res.json({ message: 'Invitation revoked' });
  });
  router.get('/me', (req, res) => {
    res.json(
      toSignedInAdmin(
        currentAdmin(res),
        res.locals.twoFactorSetupRequired === true,
        req.session.adminFirstSignIn === true,
      ),
    );
  });

  router.get('/two-factor', async (_req, res) => {
    res.json(await service.twoFactorStatus(currentAdmin(res)));
  });
  router.post('/two-factor/setup', ...limit, async (_req, res) => {
    res.json(await service.startTwoFactorSetup(currentAdmin(res)));
  });
  router.post('/two-factor/enable', ...limit, async (req, res) => {
    const credentials = parse(EnableTwoFactorSchema, req.body);
    res.json(await service.enableTwoFactor(currentAdmin(res), credentials, req.sessionID));
  });
  router.post('/two-factor/disable', ...limit, async (req, res) => {
    const credentials = parse(DisableTwoFactorSchema, req.body);
    await service.disableTwoFactor(currentAdmin(res), credentials, req.sessionID);
    res.json({ message: 'Two-factor authentication is off' });
  });
  router.post('/two-factor/recovery-codes', ...limit, async (req, res) => {
    const credentials = parse(RegenerateRecoveryCodesSchema, req.body);
    res.json(await service.regenerateRecoveryCodes(currentAdmin(res), credentials, req.sessionID));
  });
  return router;
}
