import { cpus, freemem, loadavg, totalmem } from 'node:os';
import pg from 'pg';

export interface MachineInfo {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  postgres: string;
  postgresSettings: Record<string, string>;
  node: string;
  storageMode: string;
  /** 1-minute load average when the run started: above 0.5 or so, something else was using the machine. */
  loadAverageAtStart: number;
  freeMemoryGiB: number;
}

/** Where the figures come from: hardware, versions, the PostgreSQL settings that matter for writes, storage mode. */
export async function describeMachine(databaseUrl: string): Promise<MachineInfo> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const version = (await client.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v;
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings
        WHERE name IN ('shared_buffers', 'synchronous_commit', 'fsync', 'wal_level', 'max_wal_size', 'work_mem', 'full_page_writes')`,
    );
    const mode = (await client.query<{ mode: string }>('SELECT mode FROM storage_info')).rows[0]?.mode ?? 'unknown';
    return {
      date: new Date().toISOString(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      postgres: version.split(' on ')[0] ?? version,
      postgresSettings: Object.fromEntries(rows.map((r) => [r.name, r.unit ? `${r.setting} × ${r.unit}` : r.setting])),
      node: process.version,
      storageMode: mode,
      loadAverageAtStart: Math.round(loadavg()[0]! * 100) / 100,
      freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    };
  } finally {
    await client.end();
  }
}
