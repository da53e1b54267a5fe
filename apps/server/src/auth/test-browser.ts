interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Just enough of a browser for sign-in tests: it keeps cookies (by name and path, as a browser
 * does for one host) and follows redirects by hand. `route` may send a URL to another address,
 * the way a load balancer picks an instance.
 */
export class TestBrowser {
  readonly #cookies = new Map<string, StoredCookie>();
  readonly #route: (url: URL) => URL;

  constructor(route: (url: URL) => URL = (url) => url) {
    this.#route = route;
  }

  cookie(name: string): string | undefined {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = this.#route(new URL(url));
    const headers = new Headers(init.headers);
    const cookieHeader = [...this.#cookies.values()]
      .filter((cookie) => target.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    if (cookieHeader) headers.set('cookie', cookieHeader);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#store(line);
    return response;
  }

  /**
   * Requests `url` and follows redirects while they stay within the sign-in machinery (/oidc and
   * /auth). Returns the last response and the URL it came from.
   */
  async follow(url: string | URL, init: RequestInit = {}): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      const next = new URL(location, current);
      if (!/^\/(oidc|auth)(\/|$)/.test(next.pathname)) return { response, url: current };
      await response.arrayBuffer();
      current = next;
      response = await this.request(current);
    }
    return { response, url: current };
  }

  #store(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const attribute = (key: string) =>
      attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const expires = attribute('expires');
    const removed =
      attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
    const key = `${name};${path}`;
    if (removed || value === '') this.#cookies.delete(key);
    else this.#cookies.set(key, { name, value, path });
  }
}
