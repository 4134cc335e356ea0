import { explorerQuerySchema, explorerResponseSchema } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { MACHINE_READ } from '../machines/schema';
import { exportExplorerCsv, queryExplorer } from './service';

// The data-explorer screen needs machine:read (part 1 §2), which members have.
export function registerDataExplorerRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/data-explorer/query',
    summary:
      'Stored values (aggregation none, the default) or per-interval aggregates of the chosen machines and tags from the ' +
      'start of fromDay to the end of toDay (UTC), in time order, up to limit rows (at least 10, default 1000, at most 10000)',
    tag: 'data-explorer',
    auth: signedIn(MACHINE_READ),
    query: explorerQuerySchema,
    responses: { 200: explorerResponseSchema },
    handler: ({ principal, query, deps }) => queryExplorer(deps, principal.orgId, query),
  });

  api.add({
    method: 'get',
    path: '/data-explorer/export.csv',
    summary:
      'The same filters as the query as a CSV download (text/csv; header machine,tag,time,value,quality), streamed: ' +
      'every row of the range unless a limit is given',
    tag: 'data-explorer',
    auth: signedIn(MACHINE_READ),
    query: explorerQuerySchema,
    responses: { 200: null },
    async handler({ principal, query, req, res, deps }) {
      try {
        await exportExplorerCsv(deps, principal.orgId, query, res);
      } catch (error) {
        // Once the download has started an error can only cut it short (the pipeline has destroyed the response);
        // a client that went away is not an error at all.
        if (!res.headersSent) throw error;
        if (!res.writableFinished && !req.destroyed && !isPrematureClose(error))
          deps.logger.warn({ err: error, reqId: req.id }, 'csv export failed while streaming');
      }
    },
  });
}

const isPrematureClose = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
