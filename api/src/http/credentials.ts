import { randomBytes } from 'node:crypto';
import { API_KEY_FORMAT, MACHINE_TOKEN_FORMAT, type ApiKeyScope } from '@taktwerk/common';
import { findApiKeyByHash, findMachineByTokenHash, touchApiKeyLastUsed, withPlatform, withTenant } from '@taktwerk/db';
import type { Request } from 'express';
import type { AppDeps } from '../context';
import { bearerToken } from './authenticate';
import { AppError, tooManyRequests, unauthorized } from './errors';
import { sha256Hex } from './tokens';
import { perApp, TtlCache } from './ttl-cache';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// Bytes at or above 248 (= 4 × 62) are dropped, so every character is equally likely (no modulo bias).
const UNBIASED_BYTE_LIMIT = 256 - (256 % BASE62.length);

/** `length` uniformly random base62 characters from node:crypto, by rejection sampling. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_BYTE_LIMIT) out += BASE62[byte % BASE62.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export interface IssuedSecret {
  /** Shown to the user once, never stored. */
  secret: string;
  /** SHA-256 hex: what the database keeps and looks up by. */
  hash: string;
  /** Prefix plus the first and last four random characters, safe to show again. */
  preview: string;
}

export function issueSecret(format: { prefix: string; randomLength: number }): IssuedSecret {
  const random = randomBase62(format.randomLength);
  const secret = `${format.prefix}${random}`;
  return { secret, hash: sha256Hex(secret), preview: `${format.prefix}${random.slice(0, 4)}…${random.slice(-4)}` };
}

/** A machine token may only send for its own machine; an API key for any machine of its organization. */
export type IngestCredential =
  | { kind: 'api_key'; orgId: string; keyId: string; scopes: ApiKeyScope[] }
  | { kind: 'machine_token'; orgId: string; machineId: string };

/** Failed credential checks allowed per client address and minute before further failures answer 429. */
export const CREDENTIAL_FAILURES_PER_MINUTE = 30;

/**
 * How long an api process trusts a credential it has looked up. Agents authenticate every batch; looking the hash up
 * each time cost a platform transaction per request. The bound: a deleted API key or a rotated (or deleted) machine
 * token stops working on every api process at most this long after the change. Expiry needs no lookup: it is checked
 * on every request against the cached expiry time.
 */
export const CREDENTIAL_CACHE_TTL_MS = 5_000;

interface KnownCredential {
  credential: IngestCredential;
  expiresAt: number | null;
}

const knownCredentials = perApp<AppDeps, TtlCache<string, KnownCredential>>(() => new TtlCache(CREDENTIAL_CACHE_TTL_MS));

const invalidCredential = () => unauthorized('Invalid API key or machine token.', 'invalid_credential');

async function lookUp(token: string, hash: string, deps: AppDeps): Promise<KnownCredential | null> {
  // The tenant is unknown until the credential is found: the lookup alone takes the platform path.
  if (token.startsWith(API_KEY_FORMAT.prefix)) {
    const key = await withPlatform(deps.pool, (db) => findApiKeyByHash(db, hash));
    if (!key) return null;
    const expiresAt = key.expires_at?.getTime() ?? null;
    // last_used is kept to the minute: written when the stored time is a minute old, so at most once a minute.
    if ((expiresAt === null || expiresAt > Date.now()) && (!key.last_used || Date.now() - key.last_used.getTime() >= 60_000))
      await withTenant(deps.pool, key.org_id, (db) => touchApiKeyLastUsed(db, key.org_id, key.id));
    return { credential: { kind: 'api_key', orgId: key.org_id, keyId: key.id, scopes: key.scopes }, expiresAt };
  }
  if (token.startsWith(MACHINE_TOKEN_FORMAT.prefix)) {
    const machine = await withPlatform(deps.pool, (db) => findMachineByTokenHash(db, hash));
    return machine ? { credential: { kind: 'machine_token', orgId: machine.org_id, machineId: machine.id }, expiresAt: null } : null;
  }
  return null;
}

async function known(token: string, deps: AppDeps): Promise<IngestCredential | 'expired' | null> {
  const hash = sha256Hex(token);
  const found = await knownCredentials(deps).get(hash, () => lookUp(token, hash, deps));
  if (!found) return null;
  return found.expiresAt !== null && found.expiresAt <= Date.now() ? 'expired' : found.credential;
}

/**
 * Who is sending data: an API key or a machine token from `Authorization: Bearer` (never from the URL). Unknown and
 * expired credentials answer 401; repeated failures from one address answer 429 (SECURITY.md items 2 and 7).
 */
export async function authenticateCredential(req: Request, deps: AppDeps): Promise<IngestCredential> {
  const token = bearerToken(req);
  const found = token ? await known(token, deps) : null;
  if (found && found !== 'expired') return found;
  if (token) {
    const decision = await deps.rateLimiter.hit(`credential-failures:${req.ip ?? 'unknown'}`, CREDENTIAL_FAILURES_PER_MINUTE, 60);
    if (!decision.allowed) throw tooManyRequests('Too many failed authentication attempts. Please try again later.', decision.retryAfterSeconds);
  }
  if (found === 'expired') throw unauthorized('This API key has expired. Create a new key.', 'api_key_expired');
  throw token ? invalidCredential() : unauthorized('An API key or machine token is required (Authorization: Bearer).');
}

/** The credential of an ingest request: any machine token, or an API key holding the ingest:write scope. */
export async function authenticateIngestCredential(req: Request, deps: AppDeps): Promise<IngestCredential> {
  const credential = await authenticateCredential(req, deps);
  if (credential.kind === 'api_key' && !credential.scopes.includes('ingest:write'))
    throw new AppError(403, 'insufficient_scope', 'This API key lacks the ingest:write scope.');
  return credential;
}
