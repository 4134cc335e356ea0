/** A tiny fetch wrapper for api tests: JSON in and out, with a cookie jar for the refresh cookie. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const raw = typeof options.body === 'string' || options.body instanceof Uint8Array;
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : raw ? (options.body as string | Uint8Array) : JSON.stringify(options.body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }
}
