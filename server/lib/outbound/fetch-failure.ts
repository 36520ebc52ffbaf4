import { BlockedAddressError } from './address-guard';
import { errorCode } from './page-fetcher';

/** The codes of a certificate the handshake refused (OpenSSL's, and Node's name check). */
export const CERTIFICATE_ERRORS =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT_ALTNAME_INVALID/;

/** A handshake that failed for another reason (no TLS on that port, no shared protocol...). */
const TLS_ERRORS = /^ERR_SSL_|^ERR_TLS_|^EPROTO$/;

const NOT_RESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'ENODATA']);

/**
 * Why a fetch through the page fetcher failed, in the words a user reads (the analyser's
 * lead signals and the site checks say the same things). `timedOut`: the caller's deadline
 * passed, whatever the error says.
 */
export function describeFetchFailure(error: unknown, timedOut: boolean): string {
  if (error instanceof BlockedAddressError) return error.message;
  if (timedOut) return 'Did not answer in time';
  const code = errorCode(error);
  if (code === 'TimeoutError' || code === 'AbortError' || code.includes('TIMEOUT'))
    return 'Did not answer in time';
  if (NOT_RESOLVED.has(code)) return 'The domain does not resolve';
  if (code === 'ECONNREFUSED') return 'The server refused the connection';
  if (CERTIFICATE_ERRORS.test(code)) return 'The HTTPS certificate is not valid';
  if (TLS_ERRORS.test(code)) return `The secure connection failed (${code})`;
  if (code === 'ECONNRESET' || code === 'EPIPE' || isClosedSocket(error))
    return 'The server closed the connection';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The server could not be reached';
  return (error as Error).message || code;
}

/** undici's "other side closed": the socket ended before a whole answer came. */
function isClosedSocket(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'UND_ERR_SOCKET';
}
