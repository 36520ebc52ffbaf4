import { html } from '../../lib/html';
import { plainPage } from '../../lib/plain-page';

/**
 * GET /api/logout: signing out changes state, so it is a POST (under the cross-site check);
 * an old link or bookmark to /api/logout lands here and asks for the click.
 */
export function signOutPage(brand: string): string {
  return plainPage({
    title: 'Log out',
    brand,
    body: html`<h1>Log out</h1>
      <p class="lead">Log out of the client portal on this device?</p>
      <form method="post" action="/api/logout">
        <button type="submit">Log out</button>
      </form>
      <p class="switch"><a href="/portal/dashboard">Back to the portal</a></p>`,
  });
}
