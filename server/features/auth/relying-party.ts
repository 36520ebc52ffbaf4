import * as oidc from 'openid-client';
import { Strategy, type AuthenticateOptions } from 'openid-client/passport';
import type { IdentityClaims } from './auth.repository';

export interface RelyingPartyOptions {
  issuerUrl: string;
  /**
   * What users of this issuer are recorded under (IdentityClaims.issuer): the ID token's iss
   * by default; BUILT_IN_ISSUER for the built-in provider, whose URL follows APP_URL.
   */
  issuerKey?: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the strategy hands to passport: the signed-in user's id and the ID token for logout. */
export interface SignedInUser {
  id: string;
  idToken: string | undefined;
}

/**
 * What a sign-in may ask of the provider besides the strategy's own options: an invitation
 * asks for the sign-up page, the agency's password-reset e-mail for the "Forgot password?"
 * page (the built-in provider's extra parameter; other issuers ignore parameters they do not
 * know). The routes read it from the request.
 */
export interface SignInOptions extends AuthenticateOptions {
  screen?: 'signup' | 'forgot';
}

/** Adds state and nonce to the authorization request, on top of the PKCE the strategy sends. */
class StateAndNonceStrategy extends Strategy {
  override authorizationRequestParams(
    ...[req, options]: Parameters<Strategy['authorizationRequestParams']>
  ): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', oidc.randomState());
    params.set('nonce', oidc.randomNonce());
    // The options the routes gave passport.authenticate, handed back as they were.
    const { screen } = options as SignInOptions;
    if (screen) params.set('screen', screen);
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

  /**
   * Who signed in, from the ID token, completed from the UserInfo endpoint when the token
   * lacks the e-mail or the names: a conformant issuer returns the email and profile scopes'
   * claims there, not in the ID token. fetchUserInfo checks that UserInfo speaks of the same
   * subject as the ID token.
   */
  async function identityClaims(
    configuration: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<IdentityClaims> {
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider returned no ID token');
    let claims: Record<string, unknown> = idToken;
    const complete = ['email', 'given_name', 'family_name'].every((name) => name in idToken);
    if (!complete) {
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...idToken };
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    return {
      issuer: options.issuerKey ?? idToken.iss,
      subject: idToken.sub,
      email,
      // Only a boolean true counts: an issuer that does not say has not verified it.
      emailVerified: email !== null && claims.email_verified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
    };
  }

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
        identityClaims(configuration, tokens)
          .then(onSignIn)
          .then(
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
    /**
     * The origin of the provider's end-session endpoint, if it has one: the sign-out page's
     * form is redirected there, and its Content-Security-Policy must say so.
     */
    async endSessionOrigin(): Promise<string | undefined> {
      const { configuration } = await ready();
      const endpoint = configuration.serverMetadata().end_session_endpoint;
      return endpoint ? new URL(endpoint).origin : undefined;
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
