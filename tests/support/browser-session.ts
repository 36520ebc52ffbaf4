/**
 * A minimal browser for API tests: keeps cookies per origin and path, follows redirects by
 * hand (so tests can look at each hop) and submits the provider's HTML forms.
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class BrowserSession {
  private readonly cookies = new Map<string, StoredCookie>();
  readonly visited: string[] = [];

  /** `fetcher`: another fetch, e.g. one that trusts a test certificate authority. */
  constructor(
    readonly baseUrl: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  /** The Cookie header this browser would send to a URL. */
  cookieHeaderFor(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const expired = attributes.some(
        (a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now(),
      );
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** One request, no redirect following. */
  async request(method: string, url: string, body?: URLSearchParams | object): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers: Record<string, string> = { cookie: this.cookieHeaderFor(target) };
    let payload: string | undefined;
    if (body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = target.origin;
      payload = body.toString();
    } else if (body) {
      headers['content-type'] = 'application/json';
      headers.origin = target.origin;
      payload = JSON.stringify(body);
    }
    const res = await this.fetcher(target, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    this.store(res);
    this.visited.push(`${method} ${target.pathname}${target.search} -> ${res.status}`);
    return res;
  }

  /** One request with a body sent exactly as given (malformed JSON, another content type). */
  async send(
    method: string,
    url: string,
    payload: string,
    contentType = 'application/json',
    timeoutMs = 10_000,
  ): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const res = await this.fetcher(target, {
      method,
      headers: {
        cookie: this.cookieHeaderFor(target),
        'content-type': contentType,
        origin: target.origin,
      },
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    this.store(res);
    return res;
  }

  /** Follows redirects from a request until a non-redirect answer. */
  async navigate(
    method: string,
    url: string,
    body?: URLSearchParams,
  ): Promise<{ res: Response; url: string }> {
    let res = await this.request(method, url, body);
    let current = new URL(url, this.baseUrl).href;
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 20; hops += 1) {
      current = new URL(res.headers.get('location') ?? '/', current).href;
      res = await this.request('GET', current);
    }
    return { res, url: current };
  }

  /** Submits the first form of an HTML page with the given fields (plus its hidden inputs). */
  async submitForm(pageUrl: string, html: string, fields: Record<string, string>) {
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`No form on ${pageUrl}`);
    const [, action = '', inner = ''] = form;
    const params = new URLSearchParams();
    for (const match of inner.matchAll(
      /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
    )) {
      params.set(match[1]!, match[2]!);
    }
    for (const [key, value] of Object.entries(fields)) params.set(key, value);
    return this.navigate('POST', new URL(action.replace(/&amp;/g, '&'), pageUrl).href, params);
  }
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A mailed message as the outbox lists it. */
export interface MailedMessage {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
}

/** The sign-in code in a message's text (it is never in the subject). */
export const CODE_IN_TEXT = /finish signing in to your client portal: (\d{6})/;

/**
 * Where a test reads what an app mailed (without SMTP every message lands in its outbox), by
 * the app's origin: startTestApp registers its database; a test on a server process
 * registers a reader of its admin outbox API.
 */
const outboxReaders = new Map<string, () => Promise<MailedMessage[]>>();

export function readOutboxOf(baseUrl: string, read: () => Promise<MailedMessage[]>): () => void {
  const origin = new URL(baseUrl).origin;
  outboxReaders.set(origin, read);
  return () => outboxReaders.delete(origin);
}

/**
 * A reader of an app's outbox through its admin API (for an app in another process): the
 * messages to `recipient`, each read whole, as the agency would open it.
 */
export function outboxThroughApi(baseUrl: string, adminCookie: string, recipient: string) {
  return async (): Promise<MailedMessage[]> => {
    const headers = { cookie: adminCookie };
    const outbox = `${baseUrl}/api/admin/outbox`;
    const res = await fetch(`${outbox}?q=${encodeURIComponent(recipient)}`, { headers });
    const { items } = (await res.json()) as { items: Array<{ id: string }> };
    return Promise.all(
      items.map(async ({ id }) => ({
        ...((await (await fetch(`${outbox}/${id}`, { headers })).json()) as MailedMessage),
        id,
      })),
    );
  };
}

/** The ids of the messages mailed to `email` so far (none while no reader is registered). */
export async function mailedIds(baseUrl: string, email: string): Promise<Set<string>> {
  const read = outboxReaders.get(new URL(baseUrl).origin);
  const messages = read ? await read() : [];
  return new Set(
    messages
      .filter((message) => message.toAddress.toLowerCase() === email.toLowerCase())
      .map((message) => message.id),
  );
}

/**
 * The newest sign-in code mailed to `email` by the app at `baseUrl` (waits for it to land),
 * leaving out the messages in `besides`: a code mailed to the same address earlier (someone
 * else's sign-up with it) is not the one being waited for.
 */
export async function mailedCode(
  baseUrl: string,
  email: string,
  besides: ReadonlySet<string> = new Set(),
): Promise<string> {
  const read = outboxReaders.get(new URL(baseUrl).origin);
  if (!read) throw new Error(`No outbox reader for ${baseUrl}: call readOutboxOf first`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = await read();
    const code = messages
      .filter((message) => message.toAddress.toLowerCase() === email.toLowerCase())
      .filter((message) => !besides.has(message.id))
      .map((message) => CODE_IN_TEXT.exec(message.text)?.[1])
      .find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** On the provider's code page: enters the code mailed to `email`. */
export async function enterMailedCode(
  session: BrowserSession,
  codePage: { res: Response; url: string },
  email: string,
  besides?: ReadonlySet<string>,
) {
  const code = await mailedCode(session.baseUrl, email, besides);
  return session.submitForm(codePage.url, await codePage.res.text(), { code });
}

/** Fills in the provider's 'Create account' page: ends on its code page. */
export async function startSignUpThroughProvider(
  session: BrowserSession,
  account: NewAccount,
  start = '/api/login',
) {
  const loginPage = await session.navigate('GET', start);
  const signupUrl = new URL(
    /href="([^"]*\/signup)"/.exec(await loginPage.res.text())![1]!,
    loginPage.url,
  ).href;
  const signupPage = await session.navigate('GET', signupUrl);
  return session.submitForm(signupPage.url, await signupPage.res.text(), { ...account });
}

/**
 * Creates an account on the built-in provider's pages, proves the e-mail with the mailed
 * code and signs in, as a browser would. A refused sign-up answers before the code page.
 */
export async function signUpThroughProvider(
  session: BrowserSession,
  account: NewAccount,
  start = '/api/login',
) {
  const earlier = await mailedIds(session.baseUrl, account.email);
  const submitted = await startSignUpThroughProvider(session, account, start);
  if (!submitted.url.endsWith('/verify') || submitted.res.status !== 200) return submitted;
  return enterMailedCode(session, submitted, account.email, earlier);
}

/** Signs in with an existing account on the built-in provider's pages. */
export async function signInThroughProvider(
  session: BrowserSession,
  email: string,
  password: string,
  start = '/api/login',
) {
  const loginPage = await session.navigate('GET', start);
  return session.submitForm(loginPage.url, await loginPage.res.text(), { email, password });
}

/**
 * Signs in through an external issuer's own pages (oidc-provider's stock login and consent,
 * tests/support/test-issuer.ts), where any password is accepted for the account id `login`.
 */
export async function signInThroughIssuer(
  session: BrowserSession,
  login: string,
  start = '/api/login',
) {
  const loginPage = await session.navigate('GET', start);
  let page = await session.submitForm(loginPage.url, await loginPage.res.text(), {
    login,
    password: 'any password',
  });
  if (page.url.startsWith(session.baseUrl)) return page;
  page = await session.submitForm(page.url, await page.res.text(), {});
  return page;
}
