// `npm start`: the whole platform on this machine with one command. Builds the web app if missing, creates and
// migrates the database, seeds a demo organization into an empty database, then runs api and worker until Ctrl-C,
// with a simulator pushing demo values through the ingest endpoint (SIMULATOR=off turns it off).
// `npm run dev` does the same with file watching and the Vite dev server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { DEMO_LOGINS, bootstrapDatabase, createPool, databaseUrls, loadDatabaseEnv, seedDemo } from '@taktwerk/db';
import { startDemoSimulator } from './simulator';
import { prepareDemoSimulation } from './simulator-setup';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
const env = loadDatabaseEnv();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const port = Number(process.env.PORT ?? 3000);
const simulate = process.env.SIMULATOR !== 'off';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

async function checkPostgres(): Promise<void> {
  const pool = createPool(env.DATABASE_ADMIN_URL, { max: 1, connectionTimeoutMs: 3000 });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    fail(`PostgreSQL is not reachable at ${env.DATABASE_ADMIN_URL} (${(error as Error).message}); start it, e.g. \`pg_ctlcluster --skip-systemctl-redirect 15 main start\`, or set DATABASE_ADMIN_URL.`);
  } finally {
    await pool.end();
  }
}

async function checkRedis(): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    fail(`Redis is not reachable at ${redisUrl} (${(error as Error).message}); start it, e.g. \`redis-server --daemonize yes\`, or set REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
}

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
}

function runToEnd(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    run(command, args).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

await checkPostgres();
await checkRedis();

const webDist = `${root}web/dist`;
if (!dev && !existsSync(`${webDist}/index.html`)) {
  console.log('Building the web app (first start only)…');
  await runToEnd('npm', ['run', 'build', '-w', '@taktwerk/web']);
}

await bootstrapDatabase(databaseUrls(env));
const pool = createPool(env.DATABASE_URL, { max: 2 });
const { seeded } = await seedDemo(pool);
const simulation = simulate ? await prepareDemoSimulation(pool) : null;
await pool.end();

// tsx directly rather than through npx, so the signals sent on Ctrl-C reach the services themselves.
const tsx = `${root}node_modules/.bin/tsx`;
const watch = dev ? ['watch'] : [];
const children: ChildProcess[] = [
  // In dev the pages come from Vite: links in mails (the reset link in #dev-mailbox) must point there.
  run(tsx, [...watch, 'api/src/main.ts'], {
    PORT: String(port),
    ...(dev ? { PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' } : { WEB_DIST_DIR: webDist }),
  }),
  run(tsx, [...watch, 'worker/src/main.ts']),
];
if (dev) children.push(run('npm', ['run', 'dev', '-w', '@taktwerk/web']));
// Demo data through the real ingest endpoint; it waits out the api's start-up with its retry backoff.
const simulator = simulation ? startDemoSimulator({ baseUrl: `http://127.0.0.1:${port}`, simulation }) : null;

const url = dev ? 'http://localhost:5173' : `http://localhost:${port}`;
console.log(`
Taktwerk is starting at ${url}${seeded ? '  (demo organization seeded)' : ''}
  Platform admin:  ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}
  Customer owner:  ${DEMO_LOGINS.owner.email} / ${DEMO_LOGINS.owner.password}
  Customer member: ${DEMO_LOGINS.member.email} / ${DEMO_LOGINS.member.password}
${process.env.SMTP_URL ? '' : `  Sent mails:      ${url}/#dev-mailbox  (no SMTP_URL set: the api keeps mails in memory)\n`}${simulation ? `  Demo data:       ${simulation.machines.length} machines send values every second (SIMULATOR=off to turn it off)\n` : ''}Press Ctrl-C to stop.
`);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  void simulator?.stop();
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGTERM'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`a service exited (code ${code}); stopping the others`);
      stop('SIGTERM');
      process.exitCode = code ?? 1;
    }
  });
}
