import { JOB_NAMES, deliveryJobId, notificationDeliverPayloadSchema, type NotificationDeliverPayload } from '@taktwerk/common';
import {
  claimDelivery,
  findDeliveryContext,
  markDeliveryFailed,
  markDeliveryRetry,
  markDeliverySent,
  withTenant,
  type DeliveryContextRow,
  type Queryable,
} from '@taktwerk/db';
import { DelayedError, UnrecoverableError, type Job, type JobsOptions, type Queue } from 'bullmq';
import { PermanentDeliveryError, RetryableDeliveryError } from '../notifications/delivery-error';
import type { Notifier } from '../notifications/notifier';
import type { JobDefinition, JobDeps, JobRun } from './job';

/**
 * How long a claimed delivery belongs to its sender. It must outlast the slowest send (10 s HTTP timeout, SMTP
 * timeouts of 10 + 10 + 30 s); after it a crashed sender's delivery may be claimed again.
 */
export const DELIVERY_LEASE_MS = 2 * 60 * 1000;
/** Claims of one delivery over all its runs: ends a delivery that keeps being interrupted or rate limited. */
export const MAX_DELIVERY_CLAIMS = 20;

/** 8 attempts with exponential backoff: 5, 10, 20 … 320 s between them (jitter takes up to a quarter off). */
export const notificationDeliverOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000, jitter: 0.25 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  // Failed jobs stay visible (SECURITY.md item 16); the delivery row keeps the error for the events screen too.
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** How producers enqueue a delivery: the job id makes a second enqueue of the same (event, channel) a no-op. */
export function enqueueNotificationDelivery(queue: Queue, payload: NotificationDeliverPayload, options: JobsOptions = notificationDeliverOptions) {
  return queue.add(JOB_NAMES.notificationDeliver, payload, { ...options, jobId: deliveryJobId(payload.eventId, payload.channelIndex) });
}

const MAX_ERROR_LENGTH = 500;
const short = (message: string) => (message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message);

/** BullMQ's delay before the next attempt (its own formula, jitter aside), so the row can show when that is due. */
function nextBackoffMs(job: Job): number {
  const backoff = job.opts?.backoff;
  if (typeof backoff === 'number') return backoff;
  if (!backoff?.delay) return 0;
  return backoff.type === 'exponential' ? Math.round(2 ** job.attemptsMade * backoff.delay) : backoff.delay;
}

const isLastAttempt = (run: JobRun | undefined) => run !== undefined && run.job.attemptsMade + 1 >= (run.job.opts?.attempts ?? 1);

/** Moves the running job to the delayed set until `at` without spending an attempt; false when it cannot (no lock token). */
async function delayUntil(run: JobRun | undefined, at: Date): Promise<boolean> {
  if (!run?.token) return false;
  await run.job.moveToDelayed(at.getTime(), run.token);
  return true;
}

/**
 * Sends one alert event over one channel of its rule, once per (event, channel):
 *   1. the delivery row is claimed by a conditional update (pending → sending, or sending whose lease expired), so of
 *      two workers, or a job run twice, exactly one sends; a delivery already sent or failed is left alone;
 *   2. the send happens outside any transaction;
 *   3. the outcome is written by updates fenced on (status sending, this attempt number).
 * A worker killed before 3 leaves the row sending; BullMQ retries the job, which waits for the lease to expire and
 * claims it again. If the kill came after the receiver accepted and before step 3 committed, that retry sends a
 * second time: the one window no sender can close. It is kept to a single UPDATE, and receivers can drop the copy:
 * webhooks carry the same X-Taktwerk-Delivery id and mails the same Message-ID on every attempt.
 */
export function notificationDeliverJob(notifier: Notifier, settings: { leaseMs: number } = { leaseMs: DELIVERY_LEASE_MS }): JobDefinition<NotificationDeliverPayload> {
  return {
    name: JOB_NAMES.notificationDeliver,
    payload: notificationDeliverPayloadSchema,
    options: notificationDeliverOptions,
    async perform({ pool, logger }: JobDeps, { orgId, eventId, channelIndex }, run) {
      const tenant = <T>(fn: (db: Queryable) => Promise<T>) => withTenant(pool, orgId, fn);
      const ctx = await tenant((db) => findDeliveryContext(db, eventId, channelIndex));
      // Gone with its event or rule (deleted), or not recorded by the evaluator: nothing to send.
      if (!ctx) return { outcome: 'missing' };
      if (ctx.status === 'sent' || ctx.status === 'failed') return { outcome: ctx.status, attempts: ctx.attempts };

      const claim = await tenant((db) => claimDelivery(db, ctx.id, settings.leaseMs));
      if (!claim) return notClaimed(ctx, run);
      const attempt = claim.attempts;
      const log = logger.child({ deliveryId: ctx.id, channel: ctx.channel_type, attempt });

      const fail = async (reason: string) => {
        await tenant((db) => markDeliveryFailed(db, ctx.id, attempt, short(reason)));
        log.warn({ reason }, 'notification failed for good');
      };
      if (attempt > MAX_DELIVERY_CLAIMS) {
        await fail(`gave up after ${MAX_DELIVERY_CLAIMS} attempts`);
        throw new UnrecoverableError(`delivery ${ctx.id} gave up after ${MAX_DELIVERY_CLAIMS} attempts`);
      }

      try {
        await notifier.send({ ...ctx, ...claim });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof PermanentDeliveryError) {
          await fail(reason);
          throw new UnrecoverableError(reason);
        }
        if (error instanceof RetryableDeliveryError && error.retryAfterMs !== undefined && run?.token) {
          const at = new Date(Date.now() + error.retryAfterMs);
          await tenant((db) => markDeliveryRetry(db, ctx.id, attempt, short(reason), at));
          await delayUntil(run, at);
          log.info({ reason, retryAt: at }, 'notification rate limited: retrying when the receiver asked');
          throw new DelayedError();
        }
        if (isLastAttempt(run)) {
          await fail(`${reason} (no attempts left)`);
        } else {
          const at = new Date(Date.now() + (run ? nextBackoffMs(run.job) : 0));
          await tenant((db) => markDeliveryRetry(db, ctx.id, attempt, short(reason), at));
          log.info({ reason, retryAt: at }, 'notification not delivered: will retry');
        }
        throw error;
      }

      if (!(await recordSent(() => tenant((db) => markDeliverySent(db, ctx.id, attempt))))) {
        // Only when this send outlived its lease and another claim took over: the message went out all the same.
        log.warn('notification sent, but its claim had expired; the row was left to the newer attempt');
      }
      return { outcome: 'sent', attempts: attempt };
    },
  };
}

/**
 * After a send, failing to record it would let a retry send again, so a database hiccup is waited out here
 * (about 7 s) rather than handed to BullMQ.
 */
async function recordSent(update: () => Promise<boolean>): Promise<boolean> {
  for (let wait = 500; ; wait *= 2) {
    try {
      return await update();
    } catch (error) {
      if (wait > 4000) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Someone else holds the claim: look again when its lease ends, in case its sender died. Usually it is settled by
 * then and the next run finds nothing to do.
 */
async function notClaimed(ctx: DeliveryContextRow, run: JobRun | undefined): Promise<never> {
  const leaseEnd = ctx.status === 'sending' && ctx.next_attempt_at ? ctx.next_attempt_at : new Date();
  const at = new Date(Math.max(leaseEnd.getTime(), Date.now()) + 1000);
  if (await delayUntil(run, at)) throw new DelayedError();
  throw new RetryableDeliveryError('the delivery is being sent by another worker');
}
