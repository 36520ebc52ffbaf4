import { Router, type Request, type RequestHandler } from 'express';
import {
  GenerateSignupLinkSchema,
  SendSignupLinkSchema,
  SignupLinkListQuerySchema,
} from '@shared/schemas/signup-links';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { SignupLinkService } from './signup-links.service';

/** Behind requireAdmin: generate, list, send, renew, re-send and revoke signup links. */
export function adminSignupLinkRoutes(service: SignupLinkService): Router {
  const router = Router();

  router.post('/generate-signup-link', async (req, res) => {
    const input = parse(GenerateSignupLinkSchema, req.body);
    res.status(201).json(await service.generate(input, actorOf(currentAdmin(res))));
  });

  router.get('/signup-links', async (req, res) => {
    res.json(await service.list(parse(SignupLinkListQuerySchema, req.query)));
  });

  router.post('/signup-links/:id/send', async (req: Request<{ id: string }>, res) => {
    const { signupUrl } = parse(SendSignupLinkSchema, req.body);
    res.json(await service.send(req.params.id, signupUrl, actorOf(currentAdmin(res))));
  });

  router.post('/signup-links/:id/renew', async (req: Request<{ id: string }>, res) => {
    res.json(await service.renew(req.params.id, actorOf(currentAdmin(res))));
  });

  router.post('/signup-links/:id/resend', async (req: Request<{ id: string }>, res) => {
    res.json(await service.resend(req.params.id, actorOf(currentAdmin(res))));
  });

  router.post('/signup-links/:id/revoke', async (req: Request<{ id: string }>, res) => {
    res.json(await service.revoke(req.params.id, actorOf(currentAdmin(res))));
  });

  return router;
}

/**
 * The invited visitor: see the invitation, then (signed in) redeem it. `notifying`: the limit on
 * client actions that e-mail the agency (redeeming requests the plan).
 */
export function signupLinkRoutes(service: SignupLinkService, notifying: RequestHandler): Router {
  const router = Router();

  router.get('/signup/:token', async (req: Request<{ token: string }>, res) => {
    res.set('Cache-Control', 'no-store').json(await service.invite(req.params.token));
  });

  router.post(
    '/signup/:token/redeem',
    requireUser,
    notifying,
    async (req: Request<{ token: string }>, res) => {
      res.json(await service.redeem(req.params.token, currentUserId(req)));
    },
  );

  return router;
}
