import type { TestApi } from '../../../../testing/api-server';
import type { TestLogin } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

export type Caller = (method: string, path: string, body?: unknown) => ReturnType<TestClient['request']>;

/** Signs a test user in through the real login route and returns a caller of /api/v1 paths with their access token. */
export async function signedInCaller(api: TestApi, login: TestLogin): Promise<Caller> {
  const client = new TestClient(api.baseUrl);
  const res = await client.request('POST', '/api/v1/auth/login', { body: { email: login.email, password: login.password } });
  if (res.status !== 200 || typeof res.json?.accessToken !== 'string') throw new Error(`login failed: ${res.status} ${res.text}`);
  const token: string = res.json.accessToken;
  return (method, path, body) => client.request(method, `/api/v1${path}`, { token, body });
}
