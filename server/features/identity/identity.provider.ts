import crypto from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { IdentityAccountRepository, ProviderStateRepository } from './identity.repository';
import { messagePage, signingOutPage } from './identity.views';

export const BUILT_IN_CLIENT_ID = 'portal';
const SCOPE = 'openid email profile';
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

interface IdentityProviderDeps {
  state: ProviderStateRepository;
  accounts: IdentityAccountRepository;
  appUrl: string;
  trustProxy: boolean;
  brand: () => Promise<string>;
}

export interface IdentityProvider {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function generateSigningKey() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: crypto.randomUUID(),
    use: 'sig',
    alg: 'RS256',
  };
}

const randomSecret = () => crypto.randomBytes(32).toString('base64url');

/** The CSP nonce helmet made for this response (see app.ts), reached through Koa's raw response. */
function cspNonce(ctx: KoaContextWithOIDC): string {
  return (ctx.res as unknown as { locals?: { cspNonce?: string } }).locals?.cspNonce ?? '';
}

/**
 * The built-in OpenID Connect provider, used when no external issuer is configured. The app
 * talks to it over real OpenID Connect like to any other issuer; its state, signing key and
 * secrets live in the app's database.
 */
export async function createIdentityProvider(
  deps: IdentityProviderDeps,
): Promise<IdentityProvider> {
  const { state, accounts, appUrl } = deps;
  const [signingKey, cookieKeys, clientSecret] = await Promise.all([
    state.secret('oidc-signing-key', generateSigningKey),
    state.secret('oidc-cookie-keys', () => [randomSecret()]),
    state.secret('oidc-client-secret', randomSecret),
  ]);
  const issuer = `${appUrl}/oidc`;

  const configuration: Configuration = {
    adapter: state.adapterClass,
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Client Portal',
        redirect_uris: [`${appUrl}/api/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: cookieKeys },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    scopes: ['openid', 'email', 'profile'],
    // The app asks for the sign-up page (an invitation) rather than the sign-in page.
    extraParams: ['screen'],
    // The ID token carries the profile claims the app upserts its users from.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = signingOutPage({ brand: await deps.brand(), form, nonce: cspNonce(ctx) });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage({
            brand: await deps.brand(),
            title: 'Logged out',
            message: 'You have been logged out.',
            link: { href: '/', label: 'Back to the home page' },
          });
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          // Accounts made before e-mail codes are unproven until their next sign-in.
          email_verified: account.emailVerifiedAt !== null,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`,
        }),
      };
    },
    // The portal is our own first-party client: no consent screen, the grant is implied.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (oidc.client?.clientId !== BUILT_IN_CLIENT_ID || !oidc.session?.accountId)
        return undefined;
      const grant = new oidc.provider.Grant({
        clientId: BUILT_IN_CLIENT_ID,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage({
        brand: await deps.brand(),
        title: 'Sign-in problem',
        message: out.error_description ?? 'Something went wrong while signing you in.',
        link: { href: '/api/login', label: 'Try signing in again' },
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = deps.trustProxy;
  // Expired interactions, codes and sessions are never read again: clear them out now and then.
  const pruneTimer = setInterval(
    () => void state.pruneExpired().catch(() => {}),
    PRUNE_INTERVAL_MS,
  );
  pruneTimer.unref();
  return { provider, issuer, clientId: BUILT_IN_CLIENT_ID, clientSecret };
}
