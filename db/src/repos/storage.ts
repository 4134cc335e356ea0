import type { Queryable } from '../pool';

export type StorageMode = 'timescale' | 'plain';

export async function getStorageMode(db: Queryable): Promise<StorageMode> {
  const { rows } = await db.query<{ mode: StorageMode }>('SELECT mode FROM storage_info');
  if (!rows[0]) throw new Error('storage_info is empty: migrations have not run');
  return rows[0].mode;
}
