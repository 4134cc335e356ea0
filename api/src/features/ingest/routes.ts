import { ingestBatchSchema, ingestResultSchema } from '@taktwerk/common';
import { authenticateIngestCredential } from '../../http/credentials';
import { PUBLIC, type ApiRouter } from '../../http/route';
import { ingestBatch } from './service';

export function registerIngestRoutes(api: ApiRouter): void {
  api.add({
    method: 'post',
    path: '/ingest',
    summary:
      'Push a batch of values for one machine (Bearer API key with ingest:write, or the machine token). ' +
      'gzip bodies accepted. 200 only after the batch is committed.',
    tag: 'ingest',
    // Agents authenticate with their own credential, not a user session: checked in the handler.
    auth: PUBLIC,
    body: ingestBatchSchema,
    responses: { 200: ingestResultSchema },
    async handler({ body, req, deps }) {
      const credential = await authenticateIngestCredential(req, deps);
      return ingestBatch(deps, credential, body);
    },
  });
}
