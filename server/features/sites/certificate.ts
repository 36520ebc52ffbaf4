import net from 'node:net';
import tls from 'node:tls';
import {
  checkLiteralHost,
  guardedLookup,
  type AddressPolicy,
} from '../../lib/outbound/address-guard';
import type { CertificateFacts } from './site-check';

/** The handshake's verdicts in the words an admin reads; an unknown code is shown as it is. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not valid yet',
  CERT_REVOKED: 'revoked',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'issued by an unknown authority',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'issued by an unknown authority',
  UNABLE_TO_GET_ISSUER_CERT: 'issued by an unknown authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issued by an unknown authority',
  ERR_TLS_CERT_ALTNAME_INVALID: 'issued for another name',
};

export function certificateProblem(code: string): string {
  return CERTIFICATE_PROBLEMS[code] ?? code;
}

/**
 * The certificate an HTTPS server presents, read off a TLS handshake of its own: connected
 * through the SSRF guard's lookup, with the host as SNI, and kept even when the handshake
 * refuses it (rejectUnauthorized off, then `authorized` read), so an expired certificate still
 * tells its dates. Nothing is sent over the connection. Null when the server presented none;
 * rejects when no handshake happened (refused address, no answer, not TLS) or at `signal`.
 */
export function readCertificate(
  url: URL,
  { policy, signal }: { policy: AddressPolicy; signal: AbortSignal },
): Promise<CertificateFacts | null> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    checkLiteralHost(url, policy);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      // SNI carries names only (RFC 6066).
      ...(net.isIP(host) ? {} : { servername: host }),
      lookup: guardedLookup(policy),
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    const abort = () => socket.destroy(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    socket.once('error', (error) => {
      done();
      reject(error);
    });
    socket.once('secureConnect', () => {
      done();
      const peer = socket.getPeerCertificate();
      const authorizationError = socket.authorizationError as unknown;
      socket.destroy();
      if (!peer.valid_to) return resolve(null);
      const error = socket.authorized
        ? null
        : certificateProblem(String(authorizationError ?? 'UNKNOWN'));
      resolve({
        validFrom: new Date(peer.valid_from),
        validTo: new Date(peer.valid_to),
        valid: socket.authorized,
        error,
      });
    });
  });
}
