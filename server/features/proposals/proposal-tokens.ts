import crypto from 'node:crypto';

/** The hash of a proposal link's token: what the proposal keeps, and what a rate limit counts. */
export const proposalTokenHash = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/** Tokens are base64url of an HMAC-SHA256: 43 characters. Anything else is no link. */
const TOKEN_SHAPE = /^[\w-]{43}$/;
export const isTokenShaped = (token: unknown): boolean =>
  typeof token === 'string' && TOKEN_SHAPE.test(token);

export interface ProposalTokenDeps {
  /** The key the tokens are derived with, made once and kept with the other secrets. */
  key(): Promise<string>;
}

/**
 * A proposal's link, derived like the pay links' (invoices/pay-links.ts): an HMAC of its id and
 * token version with a secret key, so a reminder can carry the same link again, while only
 * its hash is stored; a revoke moves the version on and the old link opens nothing.
 */
export function createProposalTokens({ key }: ProposalTokenDeps) {
  // The key never changes once made: read once per process, again only after a failed read.
  let cached: Promise<string> | undefined;
  const keyOnce = () =>
    (cached ??= key().catch((error: unknown) => {
      cached = undefined;
      throw error;
    }));

  return {
    /** The token of the proposal's link number `tokenVersion`. */
    async tokenOf(proposalId: string, tokenVersion: number): Promise<string> {
      return crypto
        .createHmac('sha256', await keyOnce())
        .update(`proposal:${proposalId}:${tokenVersion}`)
        .digest('base64url');
    },

    /** The hash to look a token up by; null for what cannot be a token. */
    lookupHash: (token: string): string | null =>
      isTokenShaped(token) ? proposalTokenHash(token) : null,
  };
}
export type ProposalTokens = ReturnType<typeof createProposalTokens>;
