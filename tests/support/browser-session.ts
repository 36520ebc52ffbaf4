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

  constructor(readonly baseUrl: string) {}

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
    const res = await fetch(target, { method, headers, body: payload, redirect: 'manual' });
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
    const res = await fetch(target, {
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

/** Creates an account on the built-in provider's pages and signs in, as a browser would. */
export async function signUpThroughProvider(
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
