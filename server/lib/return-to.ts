const PLACEHOLDER_ORIGIN = 'http://return-to.invalid';

/**
 * A same-origin path to go to after sign-in, or undefined. Rejects absolute URLs,
 * protocol-relative ("//evil") and backslash tricks ("/\evil"), and anything that a URL
 * parser would resolve to another origin.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return undefined;
    const path = url.pathname + url.search + url.hash;
    // Normalising can make a protocol-relative path of a harmless-looking one: "/./\\evil".
    return path.startsWith('//') ? undefined : path;
  } catch {
    return undefined;
  }
}
