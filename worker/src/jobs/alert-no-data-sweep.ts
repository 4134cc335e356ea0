import { JOB_NAMES } from '@taktwerk/common';
import { z } from 'zod';
import { sweepNoData } from '../alerts/evaluate-rules';
import type { DeliveryEnqueuer } from '../alerts/record';
import { handOver } from './alert-evaluate';
import type { JobDefinition } from './job';

/** Scheduled; the clock is the worker's at the time it runs. */
export const sweepPayloadSchema = z.strictObject({});

// The next scheduled sweep comes soon: no retries, few kept.
export const alertNoDataSweepOptions = { attempts: 1, removeOnComplete: 100, removeOnFail: 1000 };

/** alert.no-data-sweep: fires no_data rules whose tag has been silent too long, resolves those that hear again. */
export function alertNoDataSweepJob(notify: DeliveryEnqueuer): JobDefinition<z.infer<typeof sweepPayloadSchema>> {
  return {
    name: JOB_NAMES.alertNoDataSweep,
    payload: sweepPayloadSchema,
    options: alertNoDataSweepOptions,
    async perform(deps) {
      const { rules, deliveries, failed } = await sweepNoData(deps, Date.now());
      await handOver(notify, deliveries, deps.logger);
      if (failed > 0) throw new Error(`${failed} of ${rules} no-data checks failed`);
      return { rules, deliveries: deliveries.length };
    },
  };
}
