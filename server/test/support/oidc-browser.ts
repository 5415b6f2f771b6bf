/**
 * A browser as far as an OpenID Connect redirect flow needs one: a cookie
 * jar (by name; the provider's cookies have distinct names) and requests
 * that stop at every redirect, so a test sees each hop the way a browser
 * would take it. Sigil's session cookie is put in the jar by signing in
 * with a TestClient and copying its cookie.
 */
export class OidcBrowser {
  constructor(
    readonly server: { url: string; origin: string },
    /** Another browser's jar: the same browser, talking to another instance behind one public URL. */
    readonly cookies = new Map<string, string>(),
  ) {}

  /** Absolute URL on the server for a path (or the URL itself when absolute). */
  resolve(target: string): string {
    return new URL(target, this.server.url).toString();
  }

  setCookie(pair: string) {
    const [name, value] = pair.split('=') as [string, string];
    this.cookies.set(name, value);
  }

  async request(
    target: string,
    init: {
      method?: 'GET' | 'POST';
      origin?: string | null;
      body?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The public URL names localhost; requests go to the listening address.
    const url = this.resolve(target).replace(this.server.origin, this.server.url);
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        accept: 'application/json, text/html',
        ...(cookie && { cookie }),
        ...(init.origin !== null && init.origin !== undefined && { origin: init.origin }),
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        // After the defaults: a test may send a form instead.
        ...init.headers,
      },
      ...(init.body !== undefined && { body: init.body }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value = ''] = (pair ?? '').trim().split(/=(.*)/s) as [string, string?];
      const expired =
        value === '' ||
        attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=.*1970/i.test(a.trim()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Where a redirect points, absolute. */
  static async location(response: Response): Promise<string> {
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
    return location;
  }
}
