import crypto from 'node:crypto';
import { BUILT_IN_ISSUER } from './db/schema';
import { getOrCreateSecret } from './db/secrets';
import { createRelyingParty } from './features/auth/relying-party';
import { createIdentityProvider } from './features/identity/identity.provider';
import { createProviderStateRepository } from './features/identity/identity.repository';
import { DatabaseSessionStore } from './features/sessions/session-store';
import { SessionCache } from './lib/session-cache';
import type { ServiceDeps, Services } from './services';

/**
 * What only the web server needs on top of the services, read from the database or started
 * once: the session secret and store (with the sessions kept in memory), the built-in OpenID
 * provider unless another is configured, and the relying party that signs clients in.
 */
export async function createWebServices(
  { config, database }: Pick<ServiceDeps, 'config' | 'database'>,
  services: Services,
) {
  const { db } = database;
  const sessionSecret =
    config.sessionSecret ??
    (await getOrCreateSecret(db, 'session-secret', () =>
      crypto.randomBytes(48).toString('base64url'),
    ));
  const sessionCache = await SessionCache.start(database);
  const builtIn = config.oidc
    ? undefined
    : await createIdentityProvider({
        state: createProviderStateRepository(db),
        accounts: services.repositories.identityAccounts,
        appUrl: config.appUrl,
        trustProxy: config.trustProxy,
        brand: services.brand,
      });
  const relyingParty = createRelyingParty(
    {
      issuerUrl: config.oidc?.issuerUrl ?? builtIn!.issuer,
      issuerKey: builtIn ? BUILT_IN_ISSUER : undefined,
      clientId: config.oidc?.clientId ?? builtIn!.clientId,
      clientSecret: config.oidc?.clientSecret ?? builtIn!.clientSecret,
      redirectUri: `${config.appUrl}/api/callback`,
    },
    (claims) => services.auth.signIn(claims),
  );
  return {
    sessionSecret,
    /** A new store per session middleware: express-session installs its cookie settings on it. */
    sessionStore: () => new DatabaseSessionStore(services.repositories.sessions, sessionCache),
    /** The built-in OpenID provider; undefined when OIDC_ISSUER_URL names another. */
    builtIn,
    relyingParty,
    /** Stops listening for the database's session notices. */
    async close(): Promise<void> {
      await sessionCache.stop();
    },
  };
}
export type WebServices = Awaited<ReturnType<typeof createWebServices>>;
