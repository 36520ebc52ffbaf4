import express, { Router, type Request, type Response } from 'express';
import {
  DeclineProposalSchema,
  PROPOSAL_MESSAGES,
  ProposalInputSchema,
  ProposalListQuerySchema,
  ProposalSettingsSchema,
  SignProposalSchema,
} from '@shared/schemas/proposals';
import { actorOf } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { clientIp, createRateLimiter, secretLinkLimits, waitText } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import { parse } from '../../lib/validate';
import { isTokenShaped, proposalTokenHash } from './proposal-tokens';
import type { AgreementFile, ProposalService, Visitor } from './proposals.service';

const MINUTE_MS = 60_000;
/** The sign route alone takes a drawn signature (a PNG data URL of a few hundred kB). */
export const SIGN_BODY_LIMIT = '1mb';

function sendPdf(res: Response, { pdf, filename }: AgreementFile) {
  res
    .set('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .attachment(filename)
    .send(pdf);
}

/** Behind requireAdmin: write, send, revoke and follow proposals; their settings. */
export function adminProposalRoutes(service: ProposalService): Router {
  const router = Router();
  router.get('/settings/proposals', async (_req, res) => {
    res.json(await service.getSettings());
  });
  router.put('/settings/proposals', async (req, res) => {
    const values = parse(ProposalSettingsSchema, req.body);
    res.json(await service.saveSettings(values, actorOf(currentAdmin(res))));
  });
  router.get('/proposals/stats', async (_req, res) => {
    res.json(await service.stats());
  });
  router.get('/proposals', async (req, res) => {
    res.json(await service.list(parse(ProposalListQuerySchema, req.query)));
  });
  router.post('/proposals', async (req, res) => {
    const input = parse(ProposalInputSchema, req.body);
    res.status(201).json(await service.create(input, actorOf(currentAdmin(res))));
  });
  router.get('/proposals/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.detail(req.params.id));
  });
  router.put('/proposals/:id', async (req: Request<{ id: string }>, res) => {
    const input = parse(ProposalInputSchema, req.body);
    res.json(await service.update(req.params.id, input, actorOf(currentAdmin(res))));
  });
  router.delete('/proposals/:id', async (req: Request<{ id: string }>, res) => {
    await service.remove(req.params.id, actorOf(currentAdmin(res)));
    res.status(204).end();
  });
  router.post('/proposals/:id/send', async (req: Request<{ id: string }>, res) => {
    res.json(await service.send(req.params.id, actorOf(currentAdmin(res))));
  });
  router.post('/proposals/:id/revoke', async (req: Request<{ id: string }>, res) => {
    res.json(await service.revoke(req.params.id, actorOf(currentAdmin(res))));
  });
  router.get('/proposals/:id/pdf', async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.adminAgreement(req.params.id));
  });
  return router;
}

/**
 * Mounted before the app's JSON parser (100 kB): the sign route's body, up to 1 MB. Only a
 * token of a link's shape, from an address under its hourly count, gets that far: anyone
 * else is answered before a large body is read. The app's parser then leaves the parsed body
 * as it is; every other route keeps its limit.
 */
export function proposalSignBody(counters: RateLimitCounters): Router {
  const router = Router({ caseSensitive: true });
  const largeBodies = createRateLimiter(counters, {
    name: 'proposal-sign-body:ip',
    windowMs: 60 * MINUTE_MS,
    limit: 30,
    key: clientIp,
    message: (minutes) => `Too many attempts. Please try again in ${waitText(minutes)}.`,
  });
  router.post(
    '/proposals/:token/sign',
    (req: Request<{ token: string }>, _res, next) =>
      next(
        isTokenShaped(req.params.token)
          ? undefined
          : new AppError(404, PROPOSAL_MESSAGES.linkNotValid),
      ),
    largeBodies,
    express.json({ limit: SIGN_BODY_LIMIT }),
  );
  return router;
}

const visitorOf = (req: Request): Visitor => ({
  ip: req.ip ?? null,
  userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
});

/**
 * /api/proposals/{token}: the recipient's link (no sign-in), limited like the pay links: wrong
 * links 20 in 15 minutes per address; signing and declining 10 an hour per link and 30 per
 * address. /api/proposals/mine: the signed-in client's agreements.
 */
export function proposalRoutes(service: ProposalService, counters: RateLimitCounters): Router {
  const router = Router({ caseSensitive: true });
  const message = (minutes: number) =>
    `Too many attempts. Please try again in ${waitText(minutes)}.`;
  const { wrongLinks, actions } = secretLinkLimits(counters, {
    name: 'proposal-link',
    tokenHash: proposalTokenHash,
    message,
  });
  const answers = actions('answer');

  router.get('/proposals/mine', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await service.mine(currentUserId(req)));
  });
  router.get('/proposals/mine/:id/pdf', requireUser, async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.myAgreement(currentUserId(req), req.params.id));
  });

  router.get('/proposals/:token', wrongLinks, async (req: Request<{ token: string }>, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await service.view(req.params.token, visitorOf(req)));
  });
  router.post(
    '/proposals/:token/sign',
    wrongLinks,
    ...answers,
    async (req: Request<{ token: string }>, res) => {
      const input = parse(SignProposalSchema, req.body);
      res.json(await service.sign(req.params.token, input, visitorOf(req)));
    },
  );
  router.post(
    '/proposals/:token/decline',
    wrongLinks,
    ...answers,
    async (req: Request<{ token: string }>, res) => {
      const input = parse(DeclineProposalSchema, req.body ?? {});
      res.json(await service.decline(req.params.token, input, visitorOf(req)));
    },
  );
  router.get('/proposals/:token/pdf', wrongLinks, async (req: Request<{ token: string }>, res) => {
    sendPdf(res, await service.linkAgreement(req.params.token));
  });
  return router;
}
