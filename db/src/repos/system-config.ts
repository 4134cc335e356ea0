import { DEFAULT_SYSTEM_CONFIG, type SystemConfigKey } from '@taktwerk/common';
import type { Queryable } from '../pool';

export type SystemConfig = { [K in SystemConfigKey]: (typeof DEFAULT_SYSTEM_CONFIG)[K] };

/** All keys, each merged over its defaults so a partially stored value still has every field. */
export async function getSystemConfig(db: Queryable): Promise<SystemConfig> {
  const { rows } = await db.query<{ config_key: SystemConfigKey; config_value: Record<string, unknown> }>(
    'SELECT config_key, config_value FROM system_config',
  );
  const stored = new Map(rows.map((r) => [r.config_key, r.config_value]));
  const merged = {} as Record<SystemConfigKey, unknown>;
  for (const key of Object.keys(DEFAULT_SYSTEM_CONFIG) as SystemConfigKey[]) {
    merged[key] = { ...DEFAULT_SYSTEM_CONFIG[key], ...(stored.get(key) ?? {}) };
  }
  return merged as SystemConfig;
}

export async function putSystemConfigValue(db: Queryable, key: SystemConfigKey, value: unknown, updatedBy: string | null): Promise<void> {
  await db.query(
    `INSERT INTO system_config (config_key, config_value, updated_by, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value, updated_by = excluded.updated_by, updated_at = now()`,
    [key, JSON.stringify(value), updatedBy],
  );
}

/** Writes the spec's defaults for keys that have no row yet; existing values are left alone. */
export async function insertMissingSystemConfig(db: Queryable): Promise<void> {
  for (const [key, value] of Object.entries(DEFAULT_SYSTEM_CONFIG)) {
    await db.query('INSERT INTO system_config (config_key, config_value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      key,
      JSON.stringify(value),
    ]);
  }
}
