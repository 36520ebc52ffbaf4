import { Router, type RequestHandler } from 'express';
import type { Passport } from 'passport';

type Authenticator = InstanceType<typeof Passport>;
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import { EmailSchema } from '@shared/schemas/common';
import type { CurrentUser } from '@shared/schemas/profile';
import { allowFormActionTo } from '../../lib/csp-form-action';
import { AppError } from '../../lib/errors';
import { safeReturnTo } from '../../lib/return-to';
import { clearSessionCookie, destroySession, PRE_SIGN_IN_MAX_AGE_MS } from '../../lib/session';
import type { RelyingParty, SignedInUser, SignInOptions } from './relying-party';
import { ACCOUNT_DEACTIVATED } from './auth.service';
import { deactivatedPage } from './deactivated-page';
import { signOutPage } from './sign-out-page';

interface AuthRoutesDeps {
  appUrl: string;
  /** The business name, for the sign-out page. */
  brand: () => Promise<string>;
  /** The agency's name and address, for the page of a refused (deactivated) account. */
  contact: () => Promise<{ businessName: string; businessEmail: string }>;
  sessionMaxAgeMs: number;
  passport: Authenticator;
  relyingParty: RelyingParty;
  /** The signed-in client's profile (the profile feature), or undefined when the account is gone. */
  currentUser: (userId: string) => Promise<CurrentUser | undefined>;
}

const DEFAULT_AFTER_SIGN_IN = '/portal/dashboard';

export function authRoutes({
  appUrl,
  brand,
  contact,
  sessionMaxAgeMs,
  passport,
  relyingParty,
  currentUser,
}: AuthRoutesDeps): Router {
  const router = Router();
  const appOrigin = new URL(appUrl).origin;
  const hintCookie = { path: '/', sameSite: 'lax' as const, secure: appUrl.startsWith('https://') };

  const startSignIn: RequestHandler = async (req, res, next) => {
    // Cookies, issuer and redirect URI all belong to APP_URL: a browser that came in under
    // another name (127.0.0.1, a LAN address) is sent there first.
    const requestOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    if (requestOrigin !== appOrigin) {
      res.redirect(302, appOrigin + req.originalUrl);
      return;
    }
    // A signed-in client starting again keeps their session's lifetime.
    if (!req.user) req.session.cookie.maxAge = PRE_SIGN_IN_MAX_AGE_MS;
    const returnTo = safeReturnTo(req.query.returnTo);
    if (returnTo) req.session.returnTo = returnTo;
    const strategy = await relyingParty.strategy();
    // A signup link passes the invited e-mail: the provider shows its sign-in (or sign-up)
    // page for it even when another account is signed in there.
    const hint = EmailSchema.safeParse(req.query.login_hint);
    const screen = req.query.screen;
    const options: SignInOptions = {
      ...(hint.success ? { loginHint: hint.data, prompt: 'login' } : {}),
      ...(screen === 'signup' || screen === 'forgot' ? { screen } : {}),
    };
    passport.authenticate(strategy, options)(req, res, next);
  };
  router.get('/login', startSignIn);
  router.get('/auth/login', startSignIn);

  router.get('/callback', async (req, res, next) => {
    const returnTo = safeReturnTo(req.session.returnTo) ?? DEFAULT_AFTER_SIGN_IN;
    const strategy = await relyingParty.strategy();
    passport.authenticate(strategy, (error: unknown, user: SignedInUser | false) => {
      if (error instanceof AppError && error.message === ACCOUNT_DEACTIVATED) {
        // Said on a page of its own, with whom to ask: the browser came here, not a script.
        void contact().then((agency) => {
          res.setHeader('Cache-Control', 'no-store');
          res.status(403).type('html').send(deactivatedPage(agency));
        }, next);
        return;
      }
      if (error) return next(error);
      // A stale or tampered callback (e.g. the back button): start again.
      if (!user) return res.redirect(302, '/api/login');
      // req.logIn regenerates the session: a new id at every sign-in.
      req.logIn(user, (loginError) => {
        if (loginError) return next(loginError);
        res.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...hintCookie, maxAge: sessionMaxAgeMs });
        res.redirect(302, returnTo);
      });
    })(req, res, next);
  });

  // A GET must not sign anyone out (any site could make the browser ask for it): it asks.
  router.get('/logout', async (_req, res) => {
    // The form's post is answered with a redirect to the provider's end-session endpoint,
    // which browsers check against this page's form-action: without the provider's origin
    // there, an external provider's session would never be ended from this page.
    const endSession = await relyingParty.endSessionOrigin().catch(() => undefined);
    if (endSession && endSession !== appOrigin) allowFormActionTo(res, endSession);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(signOutPage(await brand()));
  });

  router.post('/logout', async (req, res) => {
    const idToken = req.user?.idToken;
    const wasSignedIn = Boolean(req.user);
    if (req.session) await destroySession(req);
    clearSessionCookie(res);
    res.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookie);
    // The provider's end-session address: its own session ends there, then it comes home.
    const redirectTo =
      (wasSignedIn
        ? await relyingParty.endSessionUrl(idToken, `${appOrigin}/`).catch(() => undefined)
        : undefined) ?? '/';
    // The SPA's fetch gets the address to go to; a plain form post is sent there.
    if (req.accepts(['json', 'html']) === 'html') {
      res.redirect(303, redirectTo);
      return;
    }
    res.json({ redirectTo });
  });

  router.get('/auth/user', async (req, res) => {
    const user = req.user && (await currentUser(req.user.id));
    if (!user) {
      // The session is gone (expired, logged out elsewhere): so is the hint.
      res.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookie);
      throw new AppError(401, 'Unauthorized');
    }
    res.json(user);
  });

  return router;
}

/**
 * Passport keeps only the user's id and ID token in the session. The session row itself is
 * the proof of sign-in (made at the callback, ended by logout, kept server-side), so a request
 * does not look the user up again: one query fewer on every client request. Accounts are never
 * deleted by the product; a feature that deletes one must delete its sessions with it.
 */
export function configurePassport(passport: Authenticator): void {
  passport.serializeUser((user, done) => {
    done(null, { id: user.id, idToken: user.idToken });
  });
  passport.deserializeUser((stored: { id?: unknown; idToken?: string }, done) => {
    done(null, typeof stored?.id === 'string' ? { id: stored.id, idToken: stored.idToken } : false);
  });
}
