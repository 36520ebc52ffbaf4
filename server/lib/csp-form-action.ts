import type { Response } from 'express';

const HEADER = 'Content-Security-Policy';

/**
 * A scheme, host and port only. WHATWG URLs allow ';' and ',' in host names, which would end
 * the directive and start another: anything else is not written into the header.
 */
const ORIGIN = /^https?:\/\/(?:\[[\d:a-f.]+\]|[\da-z.-]+)(?::\d{1,5})?$/i;

/**
 * Lets one response's forms lead to `origin` as well as to the app. Browsers hold a form
 * post's redirects to form-action too, so a page whose form is answered with a redirect to
 * another site (the OpenID provider's end-session endpoint) needs that site allowed. The rest
 * of the policy, set for every response in app.ts, is left as it is.
 */
export function allowFormActionTo(res: Response, origin: string): void {
  const policy = res.getHeader(HEADER);
  if (typeof policy !== 'string' || !ORIGIN.test(origin)) return;
  const directives = policy
    .split(';')
    .map((directive) =>
      /^\s*form-action\s/i.test(directive) ? `${directive.trimEnd()} ${origin}` : directive,
    );
  res.setHeader(HEADER, directives.join(';'));
}
