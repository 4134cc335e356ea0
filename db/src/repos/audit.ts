import type { Queryable } from '../pool';

export interface AuditEntry {
  orgId: string;
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAuditEntry(db: Queryable, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (org_id, actor_id, action, target_type, target_id, ip, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.orgId, e.actorId, e.action, e.targetType ?? null, e.targetId ?? null, e.ip ?? null, JSON.stringify(e.details ?? {})],
  );
}
