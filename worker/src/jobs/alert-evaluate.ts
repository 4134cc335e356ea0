import { ALERT_EVALUATE_JOB_OPTIONS, alertEvaluatePayloadSchema, JOB_NAMES, type AlertEvaluatePayload, type NotificationDeliverPayload } from '@taktwerk/common';
import type { Logger } from 'pino';
import { evaluateBatch } from '../alerts/evaluate-rules';
import type { DeliveryEnqueuer } from '../alerts/record';
import type { JobDefinition } from './job';

/**
 * Hands committed deliveries to the notifications queue. A failure here is logged, not retried: re-running the
 * evaluation would find its events already recorded and enqueue nothing, so the notification sweep (which picks up
 * deliveries left pending) is what sends them.
 */
export async function handOver(notify: DeliveryEnqueuer, deliveries: NotificationDeliverPayload[], logger: Logger): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    await notify(deliveries);
  } catch (err) {
    logger.warn({ deliveries: deliveries.length, err: err instanceof Error ? err.message : String(err) }, 'deliveries not enqueued; the sweep will');
  }
}

/**
 * alert.evaluate, one per ingested batch: evaluates the machine's rules on the batch's tags over every value they
 * have not seen. Idempotent: run twice, or by two workers at once, it records each transition once.
 */
export function alertEvaluateJob(notify: DeliveryEnqueuer): JobDefinition<AlertEvaluatePayload> {
  return {
    name: JOB_NAMES.alertEvaluate,
    payload: alertEvaluatePayloadSchema,
    options: { ...ALERT_EVALUATE_JOB_OPTIONS },
    async perform(deps, payload) {
      const { rules, deliveries } = await evaluateBatch(deps, payload);
      await handOver(notify, deliveries, deps.logger);
      return { rules, deliveries: deliveries.length };
    },
  };
}
