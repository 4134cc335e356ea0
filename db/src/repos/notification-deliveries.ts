import type { Language } from '@taktwerk/common';
import type { Queryable } from '../pool';

export type NotificationChannelType = 'email' | 'webhook' | 'slack' | 'telegram';
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface DeliveryRow {
  id: string;
  org_id: string;
  event_id: string;
  channel_index: number;
  channel_type: NotificationChannelType;
  target: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  /** While pending: when the next attempt is due. While sending: when the sender's lease runs out. */
  next_attempt_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, org_id, event_id, channel_index, channel_type, target, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at';

/**
 * One pending delivery per enabled channel of an event; `index` is the channel's position in the rule's channel
 * list. Inserting again changes nothing (unique (event_id, channel_index)), so a re-run evaluation cannot send twice.
 */
export async function insertDeliveries(
  db: Queryable,
  orgId: string,
  eventId: string,
  channels: { index: number; type: NotificationChannelType; target: string }[],
): Promise<DeliveryRow[]> {
  if (channels.length === 0) return [];
  const { rows } = await db.query<DeliveryRow>(
    `INSERT INTO notification_deliveries (org_id, event_id, channel_index, channel_type, target)
     SELECT $1, $2, c.index, c.type, c.target
       FROM unnest($3::int[], $4::text[], $5::text[]) AS c(index, type, target)
     ON CONFLICT (event_id, channel_index) DO NOTHING
     RETURNING ${COLUMNS}`,
    [orgId, eventId, channels.map((c) => c.index), channels.map((c) => c.type), channels.map((c) => c.target)],
  );
  return rows;
}

/** Everything a sender needs about one delivery: the event, its rule and machine, and whom it addresses. */
export interface DeliveryContextRow extends DeliveryRow {
  event_state: 'triggered' | 'resolved';
  event_payload: Record<string, unknown>;
  event_ts: Date;
  rule_id: string;
  rule_name: string;
  rule_type: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  machine_id: string;
  machine_name: string;
  /** The email recipient's language and time zone when the address belongs to a user of the organization, else the rule author's, else en/UTC. */
  language: Language;
  timezone: string;
  /** False only when the email recipient is a user of the organization who turned email alerts off. */
  recipient_wants_email: boolean;
}

export async function findDeliveryContext(db: Queryable, eventId: string, channelIndex: number): Promise<DeliveryContextRow | null> {
  const { rows } = await db.query<DeliveryContextRow>(
    `SELECT ${COLUMNS.split(', ').map((c) => `d.${c}`).join(', ')},
            e.state AS event_state, e.payload AS event_payload, e.ts AS event_ts,
            r.id AS rule_id, r.name AS rule_name, r.rule_type, r.severity,
            m.id AS machine_id, m.name AS machine_name,
            coalesce(rp.language, ap.language, 'en') AS language,
            coalesce(rp.timezone, ap.timezone, 'UTC') AS timezone,
            coalesce(rp.email_alerts, true) AS recipient_wants_email
       FROM notification_deliveries d
       JOIN alert_events e ON e.id = d.event_id
       JOIN alert_rules r ON r.id = e.alert_id
       JOIN machines m ON m.id = r.machine_id
       LEFT JOIN users ru ON d.channel_type = 'email' AND lower(ru.email) = lower(d.target) AND ru.org_id = d.org_id
       LEFT JOIN user_preferences rp ON rp.user_id = ru.id
       LEFT JOIN user_preferences ap ON ap.user_id = r.created_by
      WHERE d.event_id = $1 AND d.channel_index = $2`,
    [eventId, channelIndex],
  );
  return rows[0] ?? null;
}

/**
 * Takes a delivery for sending: pending, or sending whose previous sender's lease ran out (it crashed). Exactly one
 * caller wins; it gets the row with `attempts` already counting this attempt, which also fences its later updates.
 */
export async function claimDelivery(db: Queryable, id: string, leaseMs: number): Promise<DeliveryRow | null> {
  const { rows } = await db.query<DeliveryRow>(
    `UPDATE notification_deliveries
        SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
      WHERE id = $1 AND (status = 'pending' OR (status = 'sending' AND next_attempt_at <= now()))
      RETURNING ${COLUMNS}`,
    [id, leaseMs],
  );
  return rows[0] ?? null;
}

/** The updates below apply only while this attempt still holds the claim (status sending, same attempt number). */
export async function markDeliverySent(db: Queryable, id: string, attempt: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE notification_deliveries SET status = 'sent', sent_at = now(), next_attempt_at = NULL, last_error = NULL
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [id, attempt],
  );
  return (rowCount ?? 0) > 0;
}

export async function markDeliveryRetry(db: Queryable, id: string, attempt: number, error: string, nextAttemptAt: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE notification_deliveries SET status = 'pending', last_error = $3, next_attempt_at = $4
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [id, attempt, error, nextAttemptAt],
  );
  return (rowCount ?? 0) > 0;
}

export async function markDeliveryFailed(db: Queryable, id: string, attempt: number, error: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE notification_deliveries SET status = 'failed', last_error = $3, next_attempt_at = NULL
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [id, attempt, error],
  );
  return (rowCount ?? 0) > 0;
}

/** Delivery status of events for the events API (one query for a whole list), ordered by event and channel. */
export async function listDeliveriesForEvents(db: Queryable, orgId: string, eventIds: string[]): Promise<DeliveryRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM notification_deliveries WHERE org_id = $1 AND event_id = ANY($2::uuid[])
      ORDER BY event_id, channel_index`,
    [orgId, eventIds],
  );
  return rows;
}

/**
 * Deliveries nobody is working on (cross-tenant, for the worker's sweep): pending longer than `graceMs` past their
 * due time (their job was never enqueued, or was lost), or sending with an expired lease (their sender died).
 */
export async function listStaleDeliveries(
  db: Queryable,
  options: { graceMs: number; limit: number },
): Promise<Pick<DeliveryRow, 'id' | 'org_id' | 'event_id' | 'channel_index' | 'status'>[]> {
  const { rows } = await db.query<Pick<DeliveryRow, 'id' | 'org_id' | 'event_id' | 'channel_index' | 'status'>>(
    `SELECT id, org_id, event_id, channel_index, status FROM notification_deliveries
      WHERE (status = 'pending' AND coalesce(next_attempt_at, created_at) < now() - make_interval(secs => $1::double precision / 1000))
         OR (status = 'sending' AND next_attempt_at < now())
      ORDER BY created_at
      LIMIT $2`,
    [options.graceMs, options.limit],
  );
  return rows;
}
