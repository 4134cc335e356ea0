import { withPlatform, type Pool } from '@taktwerk/db';

// Arranges what the dashboard browser tests look at: machines made through the api, values pushed through the
// ingest api (as an agent would), widgets and alert history written directly.

export function apiCaller(baseUrl: string) {
  return {
    async post(path: string, body: unknown, token?: string) {
      const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const res = await fetch(`${baseUrl}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, json: await res.json() };
    },
  };
}
export type ApiCaller = ReturnType<typeof apiCaller>;

export interface SceneMachine {
  id: string;
  token: string;
}

export async function createMachine(api: ApiCaller, ownerToken: string, name: string, description?: string): Promise<SceneMachine> {
  const res = await api.post('/machines', { name, description }, ownerToken);
  if (res.status !== 201) throw new Error(`machine create failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { id: res.json.machine.id, token: res.json.token };
}

export interface Value {
  tag: string;
  timestamp: number;
  value: number;
}

/** Pushes values with the machine's token and checks every one was accepted. */
export async function ingest(api: ApiCaller, machine: SceneMachine, values: Value[]): Promise<void> {
  const res = await api.post('/ingest', { machineId: machine.id, values }, machine.token);
  if (res.status !== 200 || res.json.accepted !== values.length) throw new Error(`ingest failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/**
 * A test agent: sends one batch every `everyMs` (the next waits for the previous answer) until stopped; `batch(i)`
 * makes the i-th batch. Resolves `stop()` once the last batch is answered and reports how many were sent.
 */
export function startAgent(api: ApiCaller, machine: SceneMachine, everyMs: number, batch: (i: number) => Value[]) {
  let running = true;
  let sent = 0;
  const done = (async () => {
    while (running) {
      const started = Date.now();
      await ingest(api, machine, batch(sent));
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - started))));
    }
  })();
  return {
    sent: () => sent,
    async stop() {
      running = false;
      await done;
      return sent;
    },
  };
}

export async function addWidget(pool: Pool, orgId: string, w: { machineId: string; tag: string; title: string; unit?: string; position: number }) {
  await withPlatform(pool, (db) =>
    db.query(
      `INSERT INTO analytics_widgets (org_id, title, machine_id, tag_alias, tag_unit, visible_dashboard, position)
       VALUES ($1, $2, $3, $4, $5, true, $6)`,
      [orgId, w.title, w.machineId, w.tag, w.unit ?? null, w.position],
    ),
  );
}

/** Recent Activity material: an alert rule with a triggered event, and a machine that went offline. */
export async function addHistory(pool: Pool, orgId: string, machineId: string, offlineMachineId: string) {
  await withPlatform(pool, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO alert_rules (org_id, machine_id, name, severity, expression) VALUES ($1, $2, 'Spindle overheating', 'high', $3) RETURNING id`,
      [orgId, machineId, JSON.stringify({ tag: 'spindle.temp', operator: '>', threshold: 80 })],
    );
    await db.query(
      `INSERT INTO alert_events (org_id, alert_id, state, payload, ts, dedupe_key) VALUES ($1, $2, 'triggered', $3, now() - interval '12 minutes', 'scene')`,
      [orgId, rows[0]!.id, JSON.stringify({ message: 'spindle.temp 84.2 > 80' })],
    );
    await db.query(
      `INSERT INTO machine_connection_events (org_id, machine_id, state, at) VALUES
         ($1, $2, 'online', now() - interval '3 hours'), ($1, $3, 'online', now() - interval '2 hours'),
         ($1, $3, 'offline', now() - interval '25 minutes')`,
      [orgId, machineId, offlineMachineId],
    );
  });
}

/** The daily point quota of the organization (the live tests push more than the starter plan's 10,000). */
export async function setDailyQuota(pool: Pool, orgId: string, points: number) {
  await withPlatform(pool, (db) =>
    db.query(`UPDATE organizations SET usage_limits = usage_limits || jsonb_build_object('ingestPointsPerDay', $2::int) WHERE id = $1`, [orgId, points]),
  );
}
