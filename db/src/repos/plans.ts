import { STARTER_PLAN } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface PlanRow {
  id: string;
  name: string;
  name_en: string | null;
  price: string;
  currency: string;
  interval: 'month' | 'year';
  features: Record<string, unknown>;
  is_active: boolean;
  created_at: Date;
}

export async function findPlan(db: Queryable, id: string): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>('SELECT * FROM plans WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function listActivePlans(db: Queryable): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>('SELECT * FROM plans WHERE is_active ORDER BY price ASC, name ASC');
  return rows;
}

export async function insertStarterPlanIfMissing(db: Queryable): Promise<void> {
  const p = STARTER_PLAN;
  await db.query(
    `INSERT INTO plans (id, name, name_en, price, currency, interval, features, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true) ON CONFLICT (id) DO NOTHING`,
    [p.id, p.name, p.nameEn, p.price, p.currency, p.interval, JSON.stringify(p.features)],
  );
}
