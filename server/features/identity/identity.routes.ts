import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { z } from 'zod';
import type Provider from 'oidc-provider';
import {
  ProviderEmailCodeSchema,
  ProviderForgotPasswordSchema,
  ProviderLoginSchema,
  ProviderResetPasswordSchema,
  ProviderSignupSchema,
} from '@shared/schemas/auth';
import { EmailSchema } from '@shared/schemas/common';
import { AppError } from '../../lib/errors';
import {
  clientIp,
  createRateLimiter,
  limitPerIpAndEmail,
  loginRateLimit,
  signedInUser,
  waitText,
  type RateLimitKey,
} from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { containsNul, NUL_CHARACTER_MESSAGE } from '../../lib/validate';
import {
  RESET_EXPIRED,
  SIGN_UP_EXPIRED,
  type IdentityService,
  type SignInOutcome,
} from './identity.service';
import {
  forgotPasswordPage,
  messagePage,
  resetPasswordPage,
  signInPage,
  signUpPage,
  verifyEmailPage,
} from './identity.views';

/** The rate limits of the provider's forms (each a list of middlewares, per IP and per e-mail). */
export interface InteractionLimits {
  signIn: RequestHandler[];
  signUp: RequestHandler[];
  emailCode: RequestHandler[];
  resend: RequestHandler[];
}

const MINUTE_MS = 60 * 1000;

/**
 * Codes mailed to an address: sign-ups, password resets and e-mail changes count together, 5
 * an hour per address and 50 per IP.
 */
const CODE_MAILS = { name: 'sign-up', windowMs: 60 * MINUTE_MS, limit: { ip: 50, email: 5 } };

/** Code entries in a day per e-mail address, whatever the hourly limits allow. */
export const CODE_ENTRIES_PER_DAY = { perAddress: 30, perEmail: 100 } as const;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Sign-in as everywhere (rate-limit.ts's SIGN_IN_LIMITS). Sign-ups and new codes: 5 an hour
 * per e-mail, 50 per IP (an office or a mobile carrier puts many people behind one address).
 * Code entries: 20 in 15 minutes per e-mail (a code allows 5 tries itself), 100 per IP, and
 * in a day at most 30 per e-mail from one address and 100 per e-mail from any, so the hourly
 * budgets do not add up to a thousand guesses at one address's codes a day. Every request counts, in the counters every instance shares.
 */
export function interactionLimits(
  service: IdentityService,
  counters: RateLimitCounters,
): InteractionLimits {
  const rule = (
    name: string,
    windowMs: number,
    limit: { ip: number; email: number },
    what: string,
    email?: RateLimitKey,
  ): RequestHandler[] =>
    limitPerIpAndEmail(counters, {
      name,
      windowMs,
      limit,
      email,
      message: (minutes) => `Too many ${what}. Please try again in ${waitText(minutes)}.`,
    });
  /** Reads the address this sign-in's code went to, for the per-e-mail limits of codes. */
  const pendingEmail: RequestHandler = async (req, res, next) => {
    const uid = req.params.uid;
    res.locals.pendingEmail = typeof uid === 'string' ? await service.pendingEmail(uid) : undefined;
    next();
  };
  const codeEmail: RateLimitKey = (_req, res) => res.locals.pendingEmail;
  const dayMessage = (minutes: number) =>
    `Too many code attempts. Please try again in ${waitText(minutes)}.`;
  // Per address too, so a stranger's guesses at someone's codes do not lock them out.
  const dailyCodeEntries = [
    createRateLimiter(counters, {
      name: 'code-entry-day:account-ip',
      windowMs: DAY_MS,
      limit: CODE_ENTRIES_PER_DAY.perAddress,
      key: (req, res) => {
        const email = codeEmail(req, res);
        return email === undefined ? undefined : `${clientIp(req, res)!}|${email}`;
      },
      message: dayMessage,
    }),
    createRateLimiter(counters, {
      name: 'code-entry-day:email',
      windowMs: DAY_MS,
      limit: CODE_ENTRIES_PER_DAY.perEmail,
      key: codeEmail,
      message: dayMessage,
    }),
  ];
  return {
    signIn: loginRateLimit(counters, 'client-sign-in'),
    signUp: rule(CODE_MAILS.name, CODE_MAILS.windowMs, CODE_MAILS.limit, 'sign-ups'),
    resend: [
      pendingEmail,
      ...rule('code-send', 60 * MINUTE_MS, { ip: 50, email: 5 }, 'codes sent', codeEmail),
    ],
    emailCode: [
      pendingEmail,
      ...rule('code-entry', 15 * MINUTE_MS, { ip: 100, email: 20 }, 'code attempts', codeEmail),
      ...dailyCodeEntries,
    ],
  };
}

/** The rate limits of a signed-in client's e-mail change (the portal's routes). */
export interface EmailChangeLimits {
  start: RequestHandler[];
  resend: RequestHandler[];
  confirm: RequestHandler[];
}

/**
 * A signed-in client's e-mail change: a start mails a code to the new address, so it counts
 * with the sign-ups' codes (per new address and per IP), and at most 10 an hour per client;
 * new codes 5 an hour per client; code entries 20 in 15 minutes and 30 a day per client (each
 * code allows 5 tries itself).
 */
export function emailChangeLimits(counters: RateLimitCounters): EmailChangeLimits {
  const perClient = (name: string, windowMs: number, limit: number, what: string) =>
    createRateLimiter(counters, {
      name,
      windowMs,
      limit,
      key: signedInUser,
      message: (minutes) => `Too many ${what}. Please try again in ${waitText(minutes)}.`,
    });
  return {
    start: [
      ...limitPerIpAndEmail(counters, {
        ...CODE_MAILS,
        message: (minutes) => `Too many codes sent. Please try again in ${waitText(minutes)}.`,
      }),
      perClient('email-change-start:account', 60 * MINUTE_MS, 10, 'e-mail changes'),
    ],
    resend: [perClient('email-change-send:account', 60 * MINUTE_MS, 5, 'codes sent')],
    confirm: [
      perClient('email-change-entry:account', 15 * MINUTE_MS, 20, 'code attempts'),
      perClient('email-change-entry-day:account', DAY_MS, 30, 'code attempts'),
    ],
  };
}

interface InteractionRoutesDeps {
  provider: Provider;
  service: IdentityService;
  brand: () => Promise<string>;
  limits: InteractionLimits;
}

function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

function formValue(body: unknown, key: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The built-in provider's interaction pages ('Sign in', 'Create account'), mounted at
 * /oidc/interaction before the provider itself.
 */
export function interactionRoutes({
  provider,
  service,
  brand,
  limits,
}: InteractionRoutesDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });

  async function details(req: Request, res: Response) {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== req.params.uid)
      throw new AppError(400, 'This sign-in link does not match your session.');
    return interaction;
  }

  /** The e-mail the app suggested (login_hint, e.g. from a signup link), when it is one. */
  function hintedEmail(interaction: { params: Record<string, unknown> }): string | undefined {
    const parsed = EmailSchema.safeParse(interaction.params.login_hint);
    return parsed.success ? parsed.data : undefined;
  }

  // Which page opens is the app's choice (screen=signup from an invitation), never whether
  // an account exists for the hinted address: the pages must not tell who has an account.
  router.get('/:uid', async (req, res) => {
    const interaction = await details(req, res);
    noStore(res);
    if (interaction.prompt.name === 'login') {
      const email = hintedEmail(interaction);
      const screen = interaction.params.screen;
      const page =
        screen === 'signup'
          ? signUpPage({ brand: await brand(), uid: interaction.uid, values: { email } })
          : screen === 'forgot'
            ? forgotPasswordPage({ brand: await brand(), uid: interaction.uid, email })
            : signInPage({ brand: await brand(), uid: interaction.uid, email });
      res.type('html').send(page);
      return;
    }
    // Any other prompt for our first-party client is settled by loadExistingGrant.
    await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
  });

  router.get('/:uid/signup', async (req, res) => {
    const interaction = await details(req, res);
    noStore(res);
    res.type('html').send(
      signUpPage({
        brand: await brand(),
        uid: interaction.uid,
        values: { email: hintedEmail(interaction) },
      }),
    );
  });

  async function renderVerify(uid: string, error?: string, notice?: string): Promise<string> {
    const email = await service.pendingEmail(uid);
    if (!email) throw new AppError(400, SIGN_UP_EXPIRED);
    return verifyEmailPage({ brand: await brand(), uid, email, error, notice });
  }

  router.get('/:uid/verify', async (req, res) => {
    const { uid } = await details(req, res);
    noStore(res);
    const notice = req.query.sent === '1' ? 'We sent a new code.' : undefined;
    res.type('html').send(await renderVerify(uid, undefined, notice));
  });

  /**
   * A provider form post: validate with the shared schema, act, then finish the interaction
   * (signed in) or go to the code page; any refusal re-renders the same page with the
   * message and what was typed (no password).
   */
  function formPost<S extends z.ZodType>(
    schema: S,
    render: (uid: string, body: unknown, error: string) => Promise<string>,
    act: (uid: string, data: z.output<S>) => Promise<SignInOutcome>,
  ): RequestHandler {
    return async (req, res) => {
      const { uid } = await details(req, res);
      noStore(res);
      const refuse = async (status: number, error: string) => {
        res
          .status(status)
          .type('html')
          .send(await render(uid, req.body, error));
      };
      if (containsNul(req.body)) return refuse(400, NUL_CHARACTER_MESSAGE);
      const parsed = schema.safeParse(req.body ?? {});
      if (!parsed.success)
        return refuse(400, parsed.error.issues[0]?.message ?? 'Please check the form');
      let outcome: SignInOutcome;
      try {
        outcome = await act(uid, parsed.data);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuse(error.status, error.message);
      }
      if ('verifyEmail' in outcome) {
        res.redirect(303, `/oidc/interaction/${uid}/verify`);
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: outcome.accountId } },
        { mergeWithLastSubmission: false },
      );
    };
  }

  router.post(
    '/:uid/login',
    form,
    ...limits.signIn,
    formPost(
      ProviderLoginSchema,
      async (uid, body, error) =>
        signInPage({ brand: await brand(), uid, email: formValue(body, 'email'), error }),
      (uid, data) => service.signIn(uid, data.email, data.password),
    ),
  );

  router.post(
    '/:uid/signup',
    form,
    ...limits.signUp,
    formPost(
      ProviderSignupSchema,
      async (uid, body, error) =>
        signUpPage({
          brand: await brand(),
          uid,
          values: {
            firstName: formValue(body, 'firstName'),
            lastName: formValue(body, 'lastName'),
            email: formValue(body, 'email'),
          },
          error,
        }),
      (uid, data) => service.register(uid, data),
    ),
  );

  router.post(
    '/:uid/verify',
    form,
    ...limits.emailCode,
    formPost(
      ProviderEmailCodeSchema,
      (uid, _body, error) => renderVerify(uid, error),
      (uid, data) => service.verify(uid, data.code),
    ),
  );

  router.post('/:uid/verify/resend', form, ...limits.resend, resendCode('verify', renderVerify));

  router.get('/:uid/forgot', async (req, res) => {
    const interaction = await details(req, res);
    noStore(res);
    res.type('html').send(
      forgotPasswordPage({
        brand: await brand(),
        uid: interaction.uid,
        email: hintedEmail(interaction),
      }),
    );
  });

  // The sign-up's limits: a reset request counts as one (per IP and per e-mail), so the two
  // together cannot mail an address more codes than sign-ups alone could.
  router.post('/:uid/forgot', form, ...limits.signUp, async (req, res) => {
    const { uid } = await details(req, res);
    noStore(res);
    const refuse = async (error: string) => {
      res
        .status(400)
        .type('html')
        .send(
          forgotPasswordPage({
            brand: await brand(),
            uid,
            email: formValue(req.body, 'email'),
            error,
          }),
        );
    };
    if (containsNul(req.body)) return refuse(NUL_CHARACTER_MESSAGE);
    const parsed = ProviderForgotPasswordSchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Please check the form');
    await service.requestPasswordReset(uid, parsed.data.email);
    res.redirect(303, `/oidc/interaction/${uid}/reset`);
  });

  async function renderReset(uid: string, error?: string, notice?: string): Promise<string> {
    const email = await service.pendingEmail(uid);
    if (!email) throw new AppError(400, RESET_EXPIRED);
    return resetPasswordPage({ brand: await brand(), uid, email, error, notice });
  }

  router.get('/:uid/reset', async (req, res) => {
    const { uid } = await details(req, res);
    noStore(res);
    const notice = req.query.sent === '1' ? 'We sent a new code.' : undefined;
    res.type('html').send(await renderReset(uid, undefined, notice));
  });

  // Code entries count with the sign-up codes' (per e-mail, per IP, per day).
  router.post(
    '/:uid/reset',
    form,
    ...limits.emailCode,
    formPost(
      ProviderResetPasswordSchema,
      (uid, _body, error) => renderReset(uid, error),
      (uid, data) => service.resetPassword(uid, data.code, data.password),
    ),
  );

  router.post('/:uid/reset/resend', form, ...limits.resend, resendCode('reset', renderReset));

  /**
   * "Send a new code" on a code page (the sign-up's or the reset's): a new code is mailed and
   * the page says so; a refusal (too soon) is drawn on the page by `render`.
   */
  function resendCode(
    step: 'verify' | 'reset',
    render: (uid: string, error: string) => Promise<string>,
  ): RequestHandler {
    return async (req, res) => {
      const { uid } = await details(req, res);
      noStore(res);
      try {
        await service.resend(uid);
      } catch (error) {
        if (!(error instanceof AppError) || error.message === SIGN_UP_EXPIRED) throw error;
        res
          .status(error.status)
          .type('html')
          .send(await render(uid, error.message));
        return;
      }
      res.redirect(303, `/oidc/interaction/${uid}/${step}?sent=1`);
    };
  }

  const renderProblem: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    const name = (error as { name?: string }).name;
    const expired = name === 'SessionNotFound' || name === 'InvalidRequest';
    const status = error instanceof AppError ? error.status : expired ? 400 : undefined;
    if (status === undefined) return next(error);
    void brand().then((brandName) => {
      res
        .status(status)
        .type('html')
        .send(
          messagePage({
            brand: brandName,
            title: expired ? 'Your sign-in has expired' : 'Sign-in problem',
            message: expired
              ? 'For your security, sign-in pages expire. Please start again.'
              : (error as Error).message,
            link: { href: '/api/login', label: 'Start signing in again' },
          }),
        );
    }, next);
  };
  router.use(renderProblem);

  return router;
}
