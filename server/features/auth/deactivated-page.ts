import { html } from '../../lib/html';
import { plainPage } from '../../lib/plain-page';
import { ACCOUNT_DEACTIVATED } from './auth.service';

/**
 * The answer to a sign-in that the agency's deactivation refuses: what happened and whom to
 * ask. No session was made (GET /api/callback stops before it).
 */
export function deactivatedPage({
  businessName,
  businessEmail,
}: {
  businessName: string;
  businessEmail: string;
}): string {
  return plainPage({
    title: 'Account deactivated',
    brand: businessName,
    body: html`<h1>Account deactivated</h1>
      <p class="error" role="alert">${ACCOUNT_DEACTIVATED}</p>
      <p class="lead">
        You cannot sign in to the client portal. Contact ${businessName} at
        <a href="mailto:${businessEmail}">${businessEmail}</a> if you need access again.
      </p>
      <p class="switch"><a href="/">Back to the home page</a></p>`,
  });
}
