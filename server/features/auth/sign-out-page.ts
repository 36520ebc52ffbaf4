import { html, raw } from '../../lib/html';

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;
background:linear-gradient(135deg,#0b3b4f 0%,#0e7490 55%,#f4d8a8 100%)}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 20px 50px rgba(2,32,48,.35)}
.brand{font-family:"Playfair Display",Georgia,serif;font-size:1.1rem;color:#0e7490;margin:0 0 4px;font-weight:700}
h1{font-size:1.6rem;margin:0 0 8px}
p{margin:0 0 8px;color:#475569}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:8px;background:#0e7490;color:#fff;
font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#155e75}button:focus-visible{outline:3px solid #67e8f9;outline-offset:2px}
a{display:block;margin-top:16px;text-align:center;color:#0e7490;font-weight:600}
`;

/**
 * GET /api/logout: signing out changes state, so it is a POST (under the cross-site check);
 * an old link or bookmark to /api/logout lands here and asks for the click.
 */
export function signOutPage(brand: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Sign out · ${brand}</title>
        <style>
          ${raw(STYLES)}
        </style>
      </head>
      <body>
        <main>
          <p class="brand">${brand}</p>
          <h1>Sign out</h1>
          <p>Sign out of the client portal on this device?</p>
          <form method="post" action="/api/logout">
            <button type="submit">Sign out</button>
          </form>
          <a href="/portal/dashboard">Back to the portal</a>
        </main>
      </body>
    </html>`.value;
}
