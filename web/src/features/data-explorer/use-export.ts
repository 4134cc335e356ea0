import { useEffect, useRef, useState } from 'react';
import type { ExplorerQuery } from '@taktwerk/common';
import { downloadExport, saveFile, type ExportProgress } from './api';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress }
  | { status: 'done'; progress: ExportProgress }
  | { status: 'canceled' }
  | { status: 'failed'; error: unknown };

// Progress re-renders at most this often, however fast the chunks arrive.
const PROGRESS_EVERY_MS = 100;

/** Runs one CSV export at a time with progress and cancel; saves the file when it is complete. */
export function useExport() {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen cancels a running export.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(query: ExplorerQuery) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'running', progress: { rows: 0, bytes: 0 } });
    let shownAt = 0;
    try {
      const file = await downloadExport(query, current.signal, (progress) => {
        if (performance.now() - shownAt < PROGRESS_EVERY_MS) return;
        shownAt = performance.now();
        setState({ status: 'running', progress });
      });
      saveFile(file);
      setState({ status: 'done', progress: { rows: file.rows, bytes: file.bytes } });
    } catch (error) {
      if (controller.current !== current) return;
      setState(current.signal.aborted ? { status: 'canceled' } : { status: 'failed', error });
    }
  }

  function cancel() {
    controller.current?.abort();
  }

  return { state, start, cancel };
}
