import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { z } from 'zod';
import type Provider from 'oidc-provider';
import { ProviderLoginSchema, ProviderSignupSchema } from '../../../shared/schemas/auth';
import { EmailSchema } from '../../../shared/schemas/common';
import { AppError } from '../../lib/errors';
import { loginRateLimit } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { containsNul, NUL_CHARACTER_MESSAGE } from '../../lib/validate';
import type { IdentityService } from './identity.service';
import { messagePage, signInPage, signUpPage } from './identity.views';

interface InteractionRoutesDeps {
  provider: Provider;
  service: IdentityService;
  brand: () => Promise<string>;
  rateLimits: RateLimitCounters;
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
  rateLimits,
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

  router.get('/:uid', async (req, res) => {
    const interaction = await details(req, res);
    noStore(res);
    if (interaction.prompt.name === 'login') {
      const email = hintedEmail(interaction);
      // Someone invited by e-mail who has no account yet is offered to create one, prefilled.
      const page =
        email && !(await service.hasAccount(email))
          ? signUpPage({ brand: await brand(), uid: interaction.uid, values: { email } })
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

  /**
   * A provider form post: validate with the shared schema, act, then finish the interaction;
   * any refusal re-renders the same page with the message and what was typed (no password).
   */
  function formPost<S extends z.ZodType>(
    schema: S,
    render: (uid: string, body: unknown, error: string) => Promise<string>,
    act: (data: z.output<S>) => Promise<{ id: string }>,
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
      const parsed = schema.safeParse(req.body);
      if (!parsed.success)
        return refuse(400, parsed.error.issues[0]?.message ?? 'Please check the form');
      try {
        const account = await act(parsed.data);
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.id } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await refuse(error.status, error.message);
      }
    };
  }

  router.post(
    '/:uid/login',
    form,
    ...loginRateLimit(rateLimits, 'client-sign-in'),
    formPost(
      ProviderLoginSchema,
      async (uid, body, error) =>
        signInPage({ brand: await brand(), uid, email: formValue(body, 'email'), error }),
      (data) => service.signIn(data.email, data.password),
    ),
  );

  router.post(
    '/:uid/signup',
    form,
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
      (data) => service.register(data),
    ),
  );

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
