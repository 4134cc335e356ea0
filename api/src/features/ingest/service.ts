import { INGEST_MAX_VALUES, readUsageLimits, type IngestBatch, type IngestResult, type TagDataType } from '@taktwerk/common';
import {
  countTagConfigs,
  getSystemConfig,
  insertDiscoveredTags,
  insertPoints,
  readIngestContext,
  recordBatch,
  withPlatform,
  withTenant,
  type Queryable,
  type SystemConfig,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { AppError, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { IngestCredential } from '../../http/credentials';
import { perApp, TtlCache } from '../../http/ttl-cache';
import type { IngestedBatch } from './listeners';
import { checkValue, type ValidPoint } from './values';

const DAY_MS = 86_400_000;

const secondsToUtcMidnight = (now: number) => Math.ceil((Math.floor(now / DAY_MS + 1) * DAY_MS - now) / 1000);

interface Rejection {
  index: number;
  reason: string;
}

/** New tags, registered while the plan's tag limit allows; values of tags over the limit are rejected. */
function admitNewTags(points: ValidPoint[], room: number, rejected: Rejection[]): { kept: ValidPoint[]; discovered: { alias: string; dataType: TagDataType }[] } {
  const discovered = new Map<string, { alias: string; dataType: TagDataType }>();
  const refused = new Set<string>();
  const kept: ValidPoint[] = [];
  for (const point of points) {
    const key = point.tag.toLowerCase();
    if (!discovered.has(key) && !refused.has(key)) {
      if (discovered.size < room) discovered.set(key, { alias: point.tag, dataType: point.dataType });
      else refused.add(key);
    }
    if (refused.has(key)) rejected.push({ index: point.index, reason: 'tag limit of the plan reached; tag not registered' });
    else kept.push(point);
  }
  return { kept, discovered: [...discovered.values()] };
}

/** How long an api process reuses the system configuration (the ingest rate limit): a change applies within this. */
const SYSTEM_CONFIG_TTL_MS = 5_000;
const systemConfig = perApp<AppDeps, TtlCache<'config', SystemConfig>>(() => new TtlCache(SYSTEM_CONFIG_TTL_MS, 1));
const loadSystemConfig = async (deps: AppDeps) => (await systemConfig(deps).get('config', () => withPlatform(deps.pool, getSystemConfig)))!;

/** Attempts of a batch's transaction; see insertPoints on why a transaction may have to run again. */
const STORE_ATTEMPTS = 3;
const UNIQUE_VIOLATION = '23505';

/**
 * Stores a batch for one machine. Valid values are stored even when others are rejected; everything is committed
 * before the caller answers 2xx. Idempotent: a resent batch stores nothing twice and reports duplicates.
 */
export async function ingestBatch(deps: AppDeps, credential: IngestCredential, batch: IngestBatch): Promise<IngestResult> {
  if (batch.values.length > INGEST_MAX_VALUES)
    throw new AppError(413, 'too_many_values', `A batch may hold at most ${INGEST_MAX_VALUES} values; split it.`);
  if (credential.kind === 'machine_token' && credential.machineId !== batch.machineId)
    throw forbidden('This machine token belongs to another machine.');
  const { orgId } = credential;

  const { rate_limits } = await loadSystemConfig(deps);
  const rate = await deps.rateLimiter.hit(`ingest:${orgId}`, rate_limits.ingestPerMinute, 60);
  if (!rate.allowed) throw tooManyRequests('Ingest rate limit reached. Please slow down.', rate.retryAfterSeconds);

  const now = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { result, points } = await withTenant(deps.pool, orgId, (db) => storeBatch(db, orgId, batch, now));
      if (points.length > 0) notifyListeners(deps, { orgId, machineId: batch.machineId, points });
      return result;
    } catch (error) {
      // A concurrent batch stored some of the same new points first; the next attempt sees them (insertPoints).
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt === STORE_ATTEMPTS) throw error;
    }
  }
}

/** The batch's transaction: checks against the machine, the plan and the tags, then stores and counts. */
async function storeBatch(db: Queryable, orgId: string, batch: IngestBatch, now: number): Promise<{ result: IngestResult; points: ValidPoint[] }> {
  const day = new Date(now).toISOString().slice(0, 10);
  const context = await readIngestContext(db, { orgId, machineId: batch.machineId, day });
  // Unknown and other organizations' machines answer alike: RLS hides the latter.
  if (!context.machineFound) throw notFound('Machine not found.');
  const limits = readUsageLimits(context.usageLimits);
  const quotaLeft = Math.max(0, limits.ingestPointsPerDay - context.pointsToday);
  if (quotaLeft === 0)
    throw tooManyRequests('Daily ingest quota of the plan reached; it resets at midnight UTC.', secondsToUtcMidnight(now), 'quota_exceeded');

  const stored = new Map(context.tags.map((t) => [t.alias.toLowerCase(), { alias: t.alias, dataType: t.data_type }]));
  // A tag first seen in this batch takes its type from its first valid value; later values must match it.
  const tags = new Map(stored);
  const ctx = { now, oldest: now - limits.retentionDays * DAY_MS, tags };
  const rejected: Rejection[] = [];
  const known: ValidPoint[] = [];
  const unknown: ValidPoint[] = [];
  batch.values.forEach((raw, index) => {
    const checked = checkValue(raw, index, ctx);
    if (!checked.ok) {
      rejected.push({ index: checked.index, reason: checked.reason });
      return;
    }
    const key = checked.point.tag.toLowerCase();
    tags.set(key, tags.get(key) ?? { alias: checked.point.tag, dataType: checked.point.dataType });
    (stored.has(key) ? known : unknown).push(checked.point);
  });
  const room = unknown.length > 0 ? Math.max(0, limits.tags - (await countTagConfigs(db, orgId))) : 0;
  const admitted = admitNewTags(unknown, room, rejected);
  await insertDiscoveredTags(db, orgId, batch.machineId, admitted.discovered);

  let points = admitted.kept.length > 0 ? [...known, ...admitted.kept] : known;
  if (points.length > quotaLeft) {
    points.sort((a, b) => a.index - b.index);
    for (const over of points.slice(quotaLeft)) rejected.push({ index: over.index, reason: 'daily ingest quota of the plan reached' });
    points = points.slice(0, quotaLeft);
  }
  const accepted = await insertPoints(db, {
    machineIds: points.map(() => batch.machineId),
    tags: points.map((p) => p.tag),
    timestamps: points.map((p) => p.ts),
    values: points.map((p) => p.value),
    texts: points.map((p) => p.text),
    qualities: points.map((p) => p.quality),
  });
  await recordBatch(db, { orgId, machineId: batch.machineId, day, newPoints: accepted, receivedAt: points.length > 0 ? new Date(now) : null });
  rejected.sort((a, b) => a.index - b.index);
  return { result: { accepted, duplicates: points.length - accepted, rejected }, points };
}

function notifyListeners(deps: AppDeps, batch: IngestedBatch): void {
  for (const listener of deps.ingestListeners) {
    try {
      listener(batch);
    } catch (err) {
      deps.logger.error({ err }, 'ingest listener failed');
    }
  }
}
