import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestApi } from './api-server';
import { createTestAdmin, createTestOrganization, type TestLogin } from './fixtures';

const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

export interface TestPlatform {
  baseUrl: string;
  owner: TestLogin;
  member: TestLogin;
  admin: TestLogin;
  orgId: string;
  close(): Promise<void>;
}

/**
 * The api serving the built web app, with a fresh organization and a platform admin, for browser tests.
 * `env` adds api settings, e.g. SMTP_URL of a testing/smtp.ts server.
 */
export async function startTestPlatform(env: Record<string, string> = {}): Promise<TestPlatform> {
  if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error('web/dist is missing: run `npm run build -w @taktwerk/web` first');
  const api = await startTestApi({ ...env, WEB_DIST_DIR: WEB_DIST });
  const { org, owner, member } = await createTestOrganization(api.deps.pool);
  const admin = await createTestAdmin(api.deps.pool);
  return { baseUrl: api.baseUrl, owner, member, admin, orgId: org.id, close: api.close };
}
