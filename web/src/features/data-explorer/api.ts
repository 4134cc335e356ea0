import useSWR from 'swr';
import { errorResponseSchema, explorerResponseSchema, tagConfigListResponseSchema, type ExplorerQuery } from '@taktwerk/common';
import { apiFetcher, apiPath, type ApiParams } from '../../app/api-client';
import { getAccessToken, refreshSession } from '../../app/auth/session-store';
import { API_BASE, ApiError } from '../../app/http-json';

const fetchTags = apiFetcher(tagConfigListResponseSchema);
const fetchRows = apiFetcher(explorerResponseSchema);

const paramsOf = (query: ExplorerQuery): ApiParams => ({ ...query }) as ApiParams;

/** The tags of the chosen machine (the tag select depends on the machine, part 2 §2). */
export function useMachineTags(machineId: string) {
  return useSWR(machineId ? ([`/machines/${machineId}/tags`] as const) : null, fetchTags);
}

/** The rows of a submitted query; null until the first run. A query is an explicit act: no refetch on focus. */
export function useExplorerRows(query: ExplorerQuery | null) {
  return useSWR(query ? (['/data-explorer/query', paramsOf(query)] as const) : null, fetchRows, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

export interface ExportProgress {
  rows: number;
  bytes: number;
}

export interface ExportFile {
  blob: Blob;
  fileName: string;
  rows: number;
  bytes: number;
}

async function startExport(path: string, signal: AbortSignal): Promise<Response> {
  const request = () =>
    fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` }, credentials: 'same-origin', signal });
  let response: Response;
  try {
    response = await request();
    if (response.status === 401 && (await refreshSession())) response = await request();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (response.ok) return response;
  const parsed = errorResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
  throw new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'taktwerk-export.csv';

/**
 * Downloads the CSV export with the access token (a plain link cannot carry it), reading the body as a stream to
 * report rows and bytes as they arrive; `signal` cancels it. Rows are counted by line ends after the header.
 */
export async function downloadExport(query: ExplorerQuery, signal: AbortSignal, onProgress: (progress: ExportProgress) => void): Promise<ExportFile> {
  const response = await startExport(apiPath('/data-explorer/export.csv', paramsOf({ ...query, limit: undefined })), signal);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>;
    try {
      part = await reader.read();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
    }
    if (part.done) break;
    chunks.push(part.value);
    bytes += part.value.byteLength;
    for (let at = part.value.indexOf(10); at !== -1; at = part.value.indexOf(10, at + 1)) lines += 1;
    onProgress({ rows: Math.max(0, lines - 1), bytes });
  }
  const rows = Math.max(0, lines - 1);
  return { blob: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName: fileNameOf(response), rows, bytes };
}

/** Hands a finished download to the browser as a file. */
export function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
