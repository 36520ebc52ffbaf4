import { Router, type Request } from 'express';
import { ProposalDepositSchema } from '@shared/schemas/proposals';
import { secretLinkLimits, waitText } from '../../lib/rate-limit';
import type { RateLimitCounters } from '../../lib/rate-limit-store';
import type { ProposalBilling } from './proposal-billing';
import { proposalTokenHash } from './proposal-tokens';

/**
 * POST /api/proposals/{token}/deposit (no sign-in): Stripe Checkout for the signed proposal's
 * first invoice, `{ url }`, back to the proposal's page afterwards. Limited as the pay links
 * are: wrong links 20 in 15 minutes per address; opening a page (which closes the one open)
 * 10 an hour per link and 30 per address. `resolveToken` is the proposals' own (404 for a
 * token that names none, 410 for an expired one).
 */
export function depositRoutes(
  billing: Pick<ProposalBilling, 'depositCheckout'>,
  resolveToken: (token: string) => Promise<string>,
  counters: RateLimitCounters,
  appUrl: string,
): Router {
  const router = Router({ caseSensitive: true });
  const message = (minutes: number) =>
    `Too many payment attempts. Please try again in ${waitText(minutes)}.`;
  const { wrongLinks, actions } = secretLinkLimits(counters, {
    name: 'proposal-deposit',
    tokenHash: proposalTokenHash,
    message,
  });
  const checkouts = actions('checkout');
  router.post(
    '/:token/deposit',
    wrongLinks,
    ...checkouts,
    async (req: Request<{ token: string }>, res) => {
      const proposalId = await resolveToken(req.params.token);
      const page = `${appUrl}/proposals/${encodeURIComponent(req.params.token)}`;
      const url = await billing.depositCheckout(proposalId, page);
      res.json(ProposalDepositSchema.parse({ url }));
    },
  );
  return router;
}
