// Throwaway servers for fault tests: each test starts its own on a free loopback port and stops it at will,
// never touching the shared PostgreSQL and Redis.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing listens on right now (the kernel's pick for port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** PostgreSQL refuses to run as root: when the tests run as root, its processes run as the `postgres` user. */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** A child whose stderr is kept (for the error message when it fails) and whose exit can be awaited. */
export function startChild(command: string, args: string[], options: SpawnOptions = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Runs a command to its end; rejects with its output when it fails. */
export async function runToEnd(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  const { output, exited } = startChild(command, args, options);
  const code = await exited;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}: ${output()}`);
}

/** Stops a child with `signal`, escalating to SIGKILL when it has not exited after `graceMs`. */
export async function stopChild(handle: { child: ChildProcess; exited: Promise<number | null> }, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  handle.child.kill(signal);
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), graceMs);
  await handle.exited;
  clearTimeout(timer);
}

/** Polls `probe` until it resolves true or `timeoutMs` passes. */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
