// Test-only entry point: the notification worker in a process of its own, so a test can SIGKILL it mid-send.
// argv[2] is JSON { queueName, leaseMs, lockDurationMs }; the database and Redis come from the env like in production.
// A short stall check here too: the last checker's interval blocks every other worker's check until it has passed.
import { createPool } from '@taktwerk/db';
import { pino } from 'pino';
import { loadEnv } from '../env';
import { createWorkerRedis } from '../redis';
import { startNotificationWorker } from './notification-worker';

const options = JSON.parse(process.argv[2] ?? '{}') as { queueName: string; leaseMs: number; lockDurationMs: number };
const env = loadEnv();
const pool = createPool(env.DATABASE_URL, { max: 2, applicationName: 'taktwerk-worker-test-child' });
const connection = createWorkerRedis(env.REDIS_URL);
await startNotificationWorker(
  { env, pool, logger: pino({ level: env.LOG_LEVEL }), connection },
  { queueName: options.queueName, leaseMs: options.leaseMs, schedule: false, worker: { lockDuration: options.lockDurationMs, stalledInterval: 300 } },
);
process.send?.('ready');
