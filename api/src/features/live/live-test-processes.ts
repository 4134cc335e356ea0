import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sleep } from './live-test-kit';

/** Real server processes for the live fan-out tests: api replicas and a throwaway Redis. */

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface ChildServer {
  process: ChildProcess;
  url: string;
  /** What the process printed, for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

function track(child: ChildProcess, url: string): ChildServer {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    url,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

async function waitUntil(check: () => Promise<boolean>, what: string, server: ChildServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (server.process.exitCode !== null) throw new Error(`${what} exited: ${server.output()}`);
    if (Date.now() > deadline) throw new Error(`${what} not up within ${timeoutMs} ms: ${server.output()}`);
    await sleep(100);
  }
}

/** `node --import tsx api/src/main.ts` as production starts it, on its own port. */
export async function startApiProcess(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    // Only what the api needs: the test runner's own environment stays out.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = track(child, `http://127.0.0.1:${port}`);
  await waitUntil(async () => (await fetch(`${server.url}/healthz`)).ok, 'api process', server);
  return server;
}

/** A Redis of our own (the shared one must never be stopped), without persistence. */
export async function startRedis(port: number): Promise<ChildServer> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = track(child, `redis://127.0.0.1:${port}`);
  await waitUntil(async () => server.output().includes('Ready to accept connections'), 'redis-server', server, 10_000);
  return server;
}
