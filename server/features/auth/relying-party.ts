import * as oidc from 'openid-client';
import { Strategy, type AuthenticateOptions } from 'openid-client/passport';
import type { Request } from 'express';
import type { IdentityClaims } from './auth.repository';

export interface RelyingPartyOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the strategy hands to passport: the signed-in user's id and the ID token for logout. */
export interface SignedInUser {
  id: string;
  idToken: string | undefined;
}

/** Adds state and nonce to the authorization request, on top of the PKCE the strategy sends. */
class StateAndNonceStrategy extends Strategy {
  override authorizationRequestParams(req: Request, options: AuthenticateOptions): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', oidc.randomState());
    params.set('nonce', oidc.randomNonce());
    return params;
  }
}

/**
 * The app as an OpenID Connect client of whichever issuer is configured (the built-in one
 * included: it is reached over HTTP like any other). Discovery happens on first use and is
 * retried after a failure, so the app starts even while the issuer is unreachable.
 */
export function createRelyingParty(
  options: RelyingPartyOptions,
  onSignIn: (claims: IdentityClaims) => Promise<{ id: string }>,
) {
  let discovery: Promise<{ configuration: oidc.Configuration; strategy: Strategy }> | undefined;

  async function discover() {
    const issuer = new URL(options.issuerUrl);
    const configuration = await oidc.discovery(
      issuer,
      options.clientId,
      options.clientSecret,
      undefined,
      issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    const strategy = new StateAndNonceStrategy(
      { config: configuration, scope: 'openid email profile', callbackURL: options.redirectUri },
      (tokens, verified) => {
        const claims = tokens.claims();
        if (!claims) {
          verified(new Error('The provider returned no ID token'));
          return;
        }
        onSignIn({
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
          firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
          lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
        }).then(
          (user) =>
            verified(null, { id: user.id, idToken: tokens.id_token } satisfies SignedInUser),
          (error: unknown) => verified(error as Error),
        );
      },
    );
    return { configuration, strategy };
  }

  function ready() {
    discovery ??= discover().catch((error: unknown) => {
      discovery = undefined;
      throw error;
    });
    return discovery;
  }

  return {
    async strategy(): Promise<Strategy> {
      return (await ready()).strategy;
    },
    /** Where to send the browser to end the provider's session too, if the provider supports it. */
    async endSessionUrl(
      idToken: string | undefined,
      postLogoutRedirectUri: string,
    ): Promise<string | undefined> {
      const { configuration } = await ready();
      if (!configuration.serverMetadata().end_session_endpoint) return undefined;
      const params: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri };
      if (idToken) params.id_token_hint = idToken;
      else params.client_id = options.clientId;
      return oidc.buildEndSessionUrl(configuration, params).href;
    },
  };
}
export type RelyingParty = ReturnType<typeof createRelyingParty>;
