/**
 * The request's URL as the request log keeps it: a pay link's token is the link's only key,
 * so it never reaches the log, whatever case the path is typed in (`/api/PAY/…` is no route,
 * but it is still logged).
 */
export function loggedUrl(url: string): string {
  return url.replace(/\/pay\/[^/?#]+/gi, '/pay/[token]');
}
