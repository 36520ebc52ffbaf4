import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the stand-in issuer says of an account (its UserInfo claims). */
export interface IssuerAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestIssuer {
  /** The issuer URL (OIDC_ISSUER_URL). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Ends the sessions the issuer holds, so the next sign-in asks again. */
  close(): Promise<void>;
}

/**
 * A separately configured OpenID Connect issuer for the app to sign in with: oidc-provider as
 * it ships (its own login and consent pages, where any login is accepted as the account id,
 * ID tokens holding only the standard claims, email and profile claims from UserInfo), with
 * one registered client: the app. Over HTTPS when given a certificate.
 */
export async function startTestIssuer(options: {
  /** The app's origin: its callback and post-logout addresses are registered. */
  appUrl: string;
  accounts: Record<string, IssuerAccount>;
  tls?: { key: string; cert: string };
  host?: string;
}): Promise<TestIssuer> {
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert })
    : http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${options.tls ? 'https' : 'http'}://${options.host ?? '127.0.0.1'}:${port}`;
  const clientId = 'agency-app';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${options.appUrl}/api/callback`],
        post_logout_redirect_uris: [`${options.appUrl}/`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      email: ['email', 'email_verified'],
      profile: ['family_name', 'given_name', 'name'],
    },
    cookies: { keys: [crypto.randomBytes(24).toString('base64url')] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: () => ({ sub, ...options.accounts[sub] }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    url,
    clientId,
    clientSecret,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
