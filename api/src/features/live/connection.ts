import {
  LIVE_CLOSE,
  LIVE_MAX_MACHINES,
  LIVE_PERMISSION,
  hasPermission,
  liveClientMessageSchema,
  type LiveServerMessage,
} from '@taktwerk/common';
import { findLiveSessionUser, machineExists, withTenant } from '@taktwerk/db';
import { decodeJwt } from 'jose';
import { WebSocket, type RawData } from 'ws';
import type { AppDeps } from '../../context';
import type { HubMember, LiveHub } from './hub';
import { tagFilter } from './series';

export interface LiveSettings {
  authTimeoutMs: number;
  maxBufferedBytes: number;
}

export type DropReason = 'slow' | 'heartbeat';

export interface ConnectionContext {
  deps: AppDeps;
  hub: LiveHub;
  settings: LiveSettings;
  onDropped(reason: DropReason): void;
}

interface Principal {
  userId: string;
  orgId: string;
  sessionId: string;
}

/** Messages handled one after another; a client that sends more than this before they are done is cut off. */
const MAX_QUEUED_MESSAGES = 16;
/** A peer that does not answer the close frame (it is not reading) loses its buffers after this long. */
const CLOSE_GRACE_MS = 2000;

const text = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');

/**
 * One live socket: authentication by message (never by URL), token expiry and renewal, subscriptions checked
 * against the caller's organization, and a bounded send buffer.
 */
export class LiveConnection implements HubMember {
  /** Cleared before each heartbeat ping, set by the pong. */
  alive = true;
  readonly closed: Promise<void>;
  private principal: Principal | null = null;
  private ending = false;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private readonly authTimer: ReturnType<typeof setTimeout>;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
  ) {
    this.authTimer = setTimeout(() => this.end(LIVE_CLOSE.unauthorized, 'authentication required'), ctx.settings.authTimeoutMs);
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => this.enqueue(data));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('close', () => this.release());
    // A socket error is followed by 'close'; without a listener it would crash the process.
    ws.on('error', () => undefined);
  }

  /** False from the moment the server or the peer starts closing. */
  get serving(): boolean {
    return !this.ending && this.ws.readyState === WebSocket.OPEN;
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  deliver(message: Buffer): void {
    if (!this.serving) return;
    // Past the bound the peer is dropped instead of buffered for. A message larger than the bound still goes to a
    // peer that has read everything before it, so big batches do not cut off consumers that keep up.
    const buffered = this.ws.bufferedAmount;
    if (buffered > 0 && buffered + message.length > this.ctx.settings.maxBufferedBytes) {
      this.ctx.onDropped('slow');
      this.end(LIVE_CLOSE.tooSlow, 'too slow: messages were not read');
      return;
    }
    this.ws.send(message, { binary: false });
  }

  end(code: number, reason: string): void {
    if (this.ending) return;
    this.ending = true;
    this.release();
    this.ws.close(code, reason);
    const terminate = setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS);
    void this.closed.then(() => clearTimeout(terminate));
  }

  /** A peer that missed the previous ping is gone (half-open TCP, frozen tab): cut it without a handshake. */
  heartbeat(): void {
    if (!this.serving) return;
    if (!this.alive) {
      this.ctx.onDropped('heartbeat');
      this.ending = true;
      this.release();
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }

  private release(): void {
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.ctx.hub.remove(this);
  }

  private enqueue(data: RawData): void {
    if (this.ending) return;
    if (this.queued >= MAX_QUEUED_MESSAGES) {
      this.end(LIVE_CLOSE.flooding, 'too many messages at once');
      return;
    }
    this.queued += 1;
    this.queue = this.queue
      .then(() => this.handle(text(data)))
      .catch((err: unknown) => {
        this.ctx.deps.logger.error({ err }, 'live socket message failed');
        this.end(1011, 'temporarily unavailable, reconnect');
      })
      .finally(() => {
        this.queued -= 1;
      });
  }

  private async handle(raw: string): Promise<void> {
    if (this.ending) return;
    const parsed = liveClientMessageSchema.safeParse(parseJson(raw));
    if (parsed.success && parsed.data.type === 'auth') return this.authenticate(parsed.data.token);
    if (!this.principal) return this.end(LIVE_CLOSE.unauthorized, 'authentication required');
    if (!parsed.success) return this.reply({ type: 'error', code: 'bad_message', message: 'Unknown or malformed message.' });
    const message = parsed.data;
    if (message.type === 'subscribe') return this.subscribe(message.machineIds, message.tags);
    if (message.type === 'unsubscribe') {
      this.ctx.hub.unsubscribe(this, message.machineIds);
      this.reply({ type: 'unsubscribed', machineIds: message.machineIds });
    }
  }

  /** First sign-in and renewal alike: the token is verified and its session must still be live. */
  private async authenticate(token: string): Promise<void> {
    const { deps, hub } = this.ctx;
    const claims = await deps.tokens.verify(token);
    if (!claims) return this.end(LIVE_CLOSE.unauthorized, 'invalid or expired token');
    const current = this.principal;
    if (current && (claims.userId !== current.userId || claims.orgId !== current.orgId))
      return this.end(LIVE_CLOSE.unauthorized, 'token of another user');
    const user = await withTenant(deps.pool, claims.orgId, (db) => findLiveSessionUser(db, claims.sessionId, claims.userId));
    if (this.ending) return;
    if (!user) return this.end(LIVE_CLOSE.unauthorized, 'session ended');
    if (!hasPermission(user.role, user.permissions, LIVE_PERMISSION))
      return this.end(LIVE_CLOSE.forbidden, `permission ${LIVE_PERMISSION} required`);

    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    this.principal = { userId: claims.userId, orgId: user.org_id, sessionId: claims.sessionId };
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(() => this.end(LIVE_CLOSE.unauthorized, 'token expired'), Math.max(0, expiresAt - Date.now()));
    await hub.signIn(this, this.principal);
    this.reply({ type: 'ready', expiresAt });
  }

  private async subscribe(machineIds: readonly string[], tags: readonly string[] | undefined): Promise<void> {
    const { orgId } = this.principal!;
    const wanted = [...new Set(machineIds)];
    // ingested_values has no RLS: only machines visible under the caller's tenant may be watched.
    const found = await withTenant(this.ctx.deps.pool, orgId, async (db) => {
      const visible: string[] = [];
      for (const id of wanted) if (await machineExists(db, id)) visible.push(id);
      return visible;
    });
    if (this.ending) return;
    const missing = wanted.filter((id) => !found.includes(id));
    if (found.length > 0) {
      if (this.ctx.hub.subscribe(this, found, tagFilter(tags), LIVE_MAX_MACHINES)) this.reply({ type: 'subscribed', machineIds: found });
      else
        this.reply({
          type: 'error',
          code: 'too_many_subscriptions',
          message: `A live socket may watch at most ${LIVE_MAX_MACHINES} machines.`,
          machineIds: found,
        });
    }
    if (missing.length > 0) this.reply({ type: 'error', code: 'machine_not_found', message: 'Machine not found.', machineIds: missing });
  }

  private reply(message: LiveServerMessage): void {
    this.deliver(Buffer.from(JSON.stringify(message)));
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
