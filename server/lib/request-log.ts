/** Where a log line may say a token was. */
const REDACTED = '[redacted]';

/** A run of characters a token is written in (base64url, hex): long enough to be a secret. */
const TOKEN_RUN = /[A-Za-z0-9_-]{16,}/g;
/** Words of a route (`dashboard-response-times`) and record ids (UUIDs) are no secrets. */
const ROUTE_WORDS = /^[a-z]+(?:-[a-z]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const looksLikeToken = (text: string) =>
  [...text.matchAll(TOKEN_RUN)].some(([run]) => !ROUTE_WORDS.test(run) && !UUID.test(run));

/**
 * The request's URL as the request log keeps it. One-time links carry their secret in the URL
 * (a pay or signup link's token in the path; a password reset, an invitation, a setup link's
 * token and a sign-in's code in the query), and any route may gain one: so no query value is
 * ever logged (its name is), nor any path segment with a random-looking run of 16 or more
 * letters, digits, `-` and `_`, whatever the route and the case it is typed in. Route words
 * and record ids (UUIDs, which every route checks access to) stay readable.
 */
export function loggedUrl(url: string): string {
  const [beforeFragment = '', fragment] = splitOnce(url, '#');
  const [path = '', query] = splitOnce(beforeFragment, '?');
  const segments = path
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? '[token]' : segment));
  let logged = segments.join('/');
  if (query !== undefined) logged += `?${query.split('&').map(withoutValue).join('&')}`;
  if (fragment !== undefined) logged += fragment ? `#${REDACTED}` : '#';
  return logged;
}

function withoutValue(parameter: string): string {
  const [name = '', value] = splitOnce(parameter, '=');
  const loggedName = looksLikeToken(name) ? REDACTED : name;
  if (value === undefined) return loggedName;
  return `${loggedName}=${value === '' ? '' : REDACTED}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
