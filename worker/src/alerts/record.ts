import type { EvaluationResult, NotificationDeliverPayload } from '@taktwerk/common';
import { insertAlertEvent, insertDeliveries, saveRuleState, withTenant, type Pool } from '@taktwerk/db';
import { eventPayload } from './message';
import { stateToWrite, type RuleForEvaluation } from './rule';

/** Deliveries to enqueue once their rows are committed. */
export type DeliveryEnqueuer = (deliveries: NotificationDeliverPayload[]) => Promise<void>;

/**
 * Applies one evaluation in one transaction: the new state by compare-and-set on the version it was computed from,
 * each transition as an event (once: its dedupe key is unique per rule), and for each new event one pending delivery
 * per enabled channel. Null when another writer came first: nothing was written, the caller re-reads and recomputes.
 */
export function recordEvaluation(
  pool: Pool,
  r: RuleForEvaluation,
  version: number,
  result: EvaluationResult,
): Promise<{ version: number; deliveries: NotificationDeliverPayload[] } | null> {
  return withTenant(pool, r.orgId, async (db) => {
    const next = await saveRuleState(db, r.id, version, stateToWrite(result.state));
    if (next === null) return null;
    const deliveries: NotificationDeliverPayload[] = [];
    const channels = r.channels.map((c, index) => ({ index, type: c.type, target: c.target, enabled: c.enabled })).filter((c) => c.enabled);
    for (const t of result.transitions) {
      const eventId = await insertAlertEvent(db, {
        orgId: r.orgId,
        alertId: r.id,
        state: t.kind,
        payload: eventPayload(r, t),
        ts: new Date(t.at),
        dedupeKey: t.dedupeKey,
      });
      if (!eventId) continue;
      for (const d of await insertDeliveries(db, r.orgId, eventId, channels))
        deliveries.push({ orgId: r.orgId, eventId, channelIndex: d.channel_index });
    }
    return { version: next, deliveries };
  });
}
