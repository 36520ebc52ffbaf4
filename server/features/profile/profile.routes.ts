import { Router, type RequestHandler } from 'express';
import { PasswordChangeFormSchema } from '@shared/schemas/auth';
import {
  EmailChangeCodeSchema,
  EmailChangeRequestSchema,
  UpdateProfileSchema,
} from '@shared/schemas/profile';
import { currentUserId, requireUser } from '../../lib/auth-guards';
import { loginRateLimit } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { parse } from '../../lib/validate';
import type { ProfileService } from './profile.service';

/** The rate limits of the e-mail change's steps (identity.routes.ts's emailChangeLimits). */
export interface EmailChangeLimits {
  start: RequestHandler[];
  resend: RequestHandler[];
  confirm: RequestHandler[];
}

/**
 * The signed-in client edits their profile and changes their password. The address is the
 * spec's (/api/auth/user, which GET answers in the auth feature: who is signed in).
 */
export function profileRoutes(
  service: ProfileService,
  rateLimits: RateLimitCounters,
  emailLimits: EmailChangeLimits,
): Router {
  const router = Router();
  router.patch('/auth/user', requireUser, async (req, res) => {
    const changes = parse(UpdateProfileSchema, req.body);
    res.json(await service.update(currentUserId(req), changes));
  });

  router.get('/auth/user/password', requireUser, async (req, res) => {
    res.json(await service.passwordStatus(currentUserId(req)));
  });

  // Each try is a guess at the password when the session is stolen: the sign-in's limits,
  // counted per signed-in client.
  const limit = loginRateLimit(rateLimits, 'client-password', {
    account: (req) => req.user?.id,
  });
  router.post('/auth/user/password', requireUser, ...limit, async (req, res) => {
    const form = parse(PasswordChangeFormSchema, req.body);
    res.json(await service.changePassword(currentUserId(req), req.sessionID, form));
  });

  // A new sign-in address, proven by a code mailed to it (the limits: identity.routes.ts).
  router.get('/auth/user/email', requireUser, async (req, res) => {
    res.json(await service.emailChangeStatus(currentUserId(req)));
  });
  router.post('/auth/user/email', requireUser, ...emailLimits.start, async (req, res) => {
    const { email } = parse(EmailChangeRequestSchema, req.body ?? {});
    res.json(await service.startEmailChange(currentUserId(req), email));
  });
  router.post('/auth/user/email/resend', requireUser, ...emailLimits.resend, async (req, res) => {
    res.json(await service.resendEmailChangeCode(currentUserId(req)));
  });
  router.post('/auth/user/email/confirm', requireUser, ...emailLimits.confirm, async (req, res) => {
    const { code } = parse(EmailChangeCodeSchema, req.body ?? {});
    res.json(await service.confirmEmailChange(currentUserId(req), code));
  });
  router.delete('/auth/user/email', requireUser, async (req, res) => {
    res.json(await service.cancelEmailChange(currentUserId(req)));
  });
  return router;
}
