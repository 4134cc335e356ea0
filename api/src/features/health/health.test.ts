import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

// A loopback port nothing listens on: connections are refused at once.
const CLOSED_PORT_REDIS = 'redis://127.0.0.1:1';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('health and discovery', () => {
  it('serves /healthz, /readyz with storage mode, /metrics and the OpenAPI document', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.request('GET', '/healthz')).json).toEqual({ status: 'ok' });
    const ready = await client.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ok', checks: { database: 'ok', redis: 'ok' }, storage: 'plain' });
    const metrics = await client.request('GET', '/metrics');
    expect(metrics.text).toContain('http_request_duration_seconds');
    const openapi = await client.request('GET', '/api/v1/openapi.json');
    expect(openapi.json.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.json.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/me']));
    expect(openapi.json.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('answers unknown api paths with a JSON 404 and carries a request id', async () => {
    const res = await new TestClient(api.baseUrl).request('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: 'not_found', message: 'No such endpoint.' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });
});

describe('degraded dependencies', () => {
  it('without Redis: /readyz says what degraded, and sign-in still works', async () => {
    const degraded = await startTestApi({ REDIS_URL: CLOSED_PORT_REDIS });
    try {
      const { owner } = await createTestOrganization(degraded.deps.pool);
      const client = new TestClient(degraded.baseUrl);
      const ready = await client.request('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });
      expect(ready.json.degraded).toContain('rate_limiting');
      const login = await client.request('POST', '/api/v1/auth/login', { body: { email: owner.email, password: owner.password } });
      expect(login.status).toBe(200);
    } finally {
      await degraded.close();
    }
  });

  it('without PostgreSQL: a fast 503 with Retry-After, never a 500', async () => {
    const down = await startTestApi({ DATABASE_URL: 'postgres://taktwerk_app@127.0.0.1:1/none' });
    try {
      const client = new TestClient(down.baseUrl);
      const started = Date.now();
      const login = await client.request('POST', '/api/v1/auth/login', { body: { email: 'a@b.c', password: 'x' } });
      expect(login.status).toBe(503);
      expect(login.headers.get('retry-after')).toBe('5');
      expect(login.json.error.code).toBe('service_unavailable');
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await client.request('GET', '/readyz')).status).toBe(503);
      expect((await client.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});
