import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, postgresUser, runToEnd, startChild, stopChild, waitFor } from './processes';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** Superuser URL (trust auth, loopback only). */
  adminUrl: string;
  /** Starts the server (again) on the same port and data directory; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Fast shutdown (SIGINT): open sessions are terminated, committed data is on disk. */
  stop(): Promise<void>;
  /** Stops the server if it runs and removes the data directory. */
  destroy(): Promise<void>;
}

/** A PostgreSQL 15 cluster of the test's own in a temporary directory, on a free loopback port. */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'taktwerk-pg-'));
  const user = postgresUser();
  let server: ReturnType<typeof startChild> | null = null;
  try {
    if (user) chownSync(dir, user.uid, user.gid);
    const data = join(dir, 'data');
    await runToEnd(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { ...user });
    const port = await freePort();
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const accepts = async () => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    const cluster: PostgresCluster = {
      adminUrl,
      async start() {
        const started = startChild(
          `${BIN}/postgres`,
          ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=40', '-c', 'shared_buffers=16MB'],
          { ...user },
        );
        server = started;
        await waitFor('PostgreSQL to accept connections', async () => {
          if (started.child.exitCode !== null) throw new Error(`postgres exited: ${started.output()}`);
          return accepts();
        }, 20_000);
      },
      async stop() {
        if (server) await stopChild(server, 'SIGINT');
        server = null;
      },
      async destroy() {
        await cluster.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    await cluster.start();
    return cluster;
  } catch (error) {
    if (server) await stopChild(server, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
