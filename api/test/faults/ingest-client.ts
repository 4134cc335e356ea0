// An agent as the fault tests need it: a machine with its token, and batches retried until acknowledged.
import { INGEST_PATH, MACHINE_TOKEN_FORMAT, type IngestResult } from '@taktwerk/common';
import { insertMachine, withPlatform, type Pool } from '@taktwerk/db';
import { createTestOrganization } from '../../../testing/fixtures';
import { issueSecret } from '../../src/http/credentials';

export interface IngestTarget {
  orgId: string;
  machineId: string;
  token: string;
}

/** A fresh organization (with room for many points) and one machine holding a token. */
export async function createIngestTarget(pool: Pool): Promise<IngestTarget> {
  const { org } = await createTestOrganization(pool, { usageLimits: { ingestPointsPerDay: 50_000_000 } });
  const token = issueSecret(MACHINE_TOKEN_FORMAT);
  const machine = await withPlatform(pool, (db) =>
    insertMachine(db, { orgId: org.id, name: 'Fault test machine', description: null, location: null, tokenHash: token.hash, tokenPreview: token.preview }),
  );
  return { orgId: org.id, machineId: machine.id, token: token.secret };
}

export async function postBatch(baseUrl: string, target: IngestTarget, timestamps: number[]): Promise<Response> {
  return fetch(`${baseUrl}${INGEST_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
    body: JSON.stringify({ machineId: target.machineId, values: timestamps.map((t) => ({ tag: 'temp', timestamp: t, value: (t % 1000) / 4 })) }),
    signal: AbortSignal.timeout(10_000),
  });
}

export interface RetryLog {
  /** Status codes (or 'network') of the answers that were not 200, each with whether Retry-After came along. */
  failures: { status: number | 'network'; retryAfter: string | null }[];
}

/**
 * Sends one batch until the api answers 200, as an agent should: on 503, 429 or a connection error it waits
 * for Retry-After (capped at `maxWaitMs`, so a test stays short) or a short pause, at most `attempts` times.
 */
export async function sendUntilAcknowledged(
  baseUrl: string,
  target: IngestTarget,
  timestamps: number[],
  log: RetryLog,
  { attempts = 200, maxWaitMs = 1000 } = {},
): Promise<IngestResult> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    let waitMs = 200;
    const response = await postBatch(baseUrl, target, timestamps).catch(() => null);
    if (response?.status === 200) return (await response.json()) as IngestResult;
    if (response) {
      // Anything but 429 below 500 is the request's fault: resending cannot help.
      if (response.status < 500 && response.status !== 429) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      await response.body?.cancel();
      const retryAfter = response.headers.get('retry-after');
      log.failures.push({ status: response.status, retryAfter });
      if (retryAfter) waitMs = Math.min(maxWaitMs, Number(retryAfter) * 1000);
    } else {
      log.failures.push({ status: 'network', retryAfter: null });
    }
    await new Promise((r) => setTimeout(r, waitMs));
  }
  throw new Error(`batch not acknowledged after ${attempts} attempts`);
}
