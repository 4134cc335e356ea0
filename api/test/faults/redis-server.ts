import { createConnection } from 'node:net';
import { freePort, startChild, stopChild, waitFor } from './processes';

export interface RedisServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Whether something answers PING with PONG on the port: a raw RESP exchange, no client library state. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/** A Redis of the test's own on a free loopback port, without persistence, stoppable and restartable. */
export async function createRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let server: ReturnType<typeof startChild> | null = null;
  const redis: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = startChild('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction']);
      server = started;
      await waitFor('Redis to answer PING', async () => {
        if (started.child.exitCode !== null) throw new Error(`redis-server exited: ${started.output()}`);
        return answersPing(port);
      });
    },
    async stop() {
      if (server) await stopChild(server, 'SIGTERM');
      server = null;
    },
  };
  await redis.start();
  return redis;
}
