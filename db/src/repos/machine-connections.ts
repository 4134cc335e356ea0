import type { Queryable } from '../pool';

export interface ConnectionChange {
  machineId: string;
  orgId: string;
  state: 'online' | 'offline';
  at: Date;
}

interface CandidateRow {
  id: string;
  org_id: string;
  status: string;
  last_seen: Date;
  last_event: 'online' | 'offline' | null;
}

/**
 * Reconciles every machine's stored status and connection events with its last data or heartbeat (spec part 1 §4:
 * online within the threshold): a machine silent for longer goes offline, one heard from again comes online, and
 * each change is recorded once as a connection event — offline at the moment the threshold passed, online when
 * noticed. Machines never heard from are left alone. Platform path; the advisory lock serializes concurrent
 * watchers (two worker replicas), so a change is never recorded twice.
 */
export async function watchMachineConnections(db: Queryable, now: Date, thresholdMs: number): Promise<ConnectionChange[]> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('taktwerk.machine-connection-watch'))");
  const { rows } = await db.query<CandidateRow>(
    `SELECT * FROM (
       SELECT m.id, m.org_id, m.status, greatest(m.last_data_received, m.last_heartbeat) AS last_seen,
              (SELECT e.state FROM machine_connection_events e WHERE e.machine_id = m.id ORDER BY e.at DESC, e.id DESC LIMIT 1) AS last_event
         FROM machines m
        WHERE m.last_data_received IS NOT NULL OR m.last_heartbeat IS NOT NULL) c
      WHERE CASE WHEN c.last_seen >= $1::timestamptz - make_interval(secs => $2::double precision / 1000)
                 THEN c.status IN ('offline', 'connecting') OR c.last_event IS DISTINCT FROM 'online'
                 ELSE c.status = 'online' OR c.last_event = 'online' END`,
    [now, thresholdMs],
  );
  const changes: ConnectionChange[] = [];
  const statuses = new Map<string, 'online' | 'offline'>();
  for (const row of rows) {
    const online = now.getTime() - row.last_seen.getTime() <= thresholdMs;
    const state = online ? 'online' : 'offline';
    if (row.status !== 'error') statuses.set(row.id, state);
    // A machine that was never online has nothing to go offline from.
    if (online ? row.last_event !== 'online' : row.last_event === 'online' || (row.last_event === null && row.status === 'online'))
      changes.push({ machineId: row.id, orgId: row.org_id, state, at: online ? now : new Date(row.last_seen.getTime() + thresholdMs) });
  }
  for (const state of ['online', 'offline'] as const) {
    const ids = [...statuses].filter(([, s]) => s === state).map(([id]) => id);
    if (ids.length > 0) await db.query('UPDATE machines SET status = $2 WHERE id = ANY($1::uuid[]) AND status <> $2', [ids, state]);
  }
  if (changes.length > 0)
    await db.query(
      `INSERT INTO machine_connection_events (org_id, machine_id, state, at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])`,
      [changes.map((c) => c.orgId), changes.map((c) => c.machineId), changes.map((c) => c.state), changes.map((c) => c.at)],
    );
  return changes;
}
