import type { ApiProcess } from './api-process';
import type { LoadedData } from './queries';
import { round } from './timing';

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** Resident memory of the api process: before the request, and the highest seen while it streamed (every 50 ms). */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
}

/** `rows` rows of the loaded tag as CSV through the data explorer export, read as fast as the api sends them. */
export async function measureExport(api: ApiProcess, token: string, data: LoadedData, rows: number): Promise<ExportFigures> {
  const params = new URLSearchParams({
    machineIds: data.machineId,
    tags: data.tag,
    fromDay: data.from.toISOString().slice(0, 10),
    toDay: data.to.toISOString().slice(0, 10),
    limit: String(rows),
  });
  const rssBefore = api.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, api.rss())), 50);
  const start = performance.now();
  try {
    const res = await fetch(`${api.baseUrl}/api/v1/data-explorer/export.csv?${params}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(300_000),
    });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
    }
    const seconds = (performance.now() - start) / 1000;
    const MiB = 2 ** 20;
    return {
      rows: lines - 1,
      bytes,
      seconds: round(seconds, 2),
      rowsPerSecond: round((lines - 1) / seconds),
      rssBeforeMiB: round(rssBefore / MiB, 1),
      rssPeakMiB: round(rssPeak / MiB, 1),
      rssGrowthMiB: round((rssPeak - rssBefore) / MiB, 1),
    };
  } finally {
    clearInterval(sampler);
  }
}
