import {
  LIVE_CLOSE,
  LIVE_PATH,
  liveServerMessageSchema,
  type LiveClientMessage,
  type LiveErrorCode,
  type LiveMachinePoints,
  type LiveSeries,
} from '@taktwerk/common';
import { getAccessToken, refreshSession, subscribeSession } from '../auth/session-store';

/** idle: nothing watched or signed out; denied: the user may not read machines (no retry). */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'denied';

export interface LiveWatchHandlers {
  onPoints(series: LiveSeries[]): void;
  onError?(code: LiveErrorCode): void;
}

/** Where the access token comes from; the session store unless a test provides another. */
export interface LiveSession {
  getToken(): string | null;
  refresh(): Promise<boolean>;
  subscribe(listener: () => void): () => void;
}

export interface LiveClientOptions {
  /** ws(s)://host/api/v1/live; by default the page's own origin. */
  url?: string;
  session?: LiveSession;
  /** The WebSocket implementation (the browser's unless a test passes another). */
  WebSocket?: new (url: string) => WebSocket;
}

interface Watcher extends LiveWatchHandlers {
  machineId: string;
  /** Lower-cased tags, or null for all. */
  tags: ReadonlySet<string> | null;
}

const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 30_000;
/** Unwatching everything closes the socket only after this long: a remount re-watches without a reconnect. */
const LINGER_MS = 2000;

const defaultSession: LiveSession = { getToken: getAccessToken, refresh: refreshSession, subscribe: subscribeSession };

function pageUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_PATH}`;
}

/**
 * One websocket per tab, shared by every live view. It authenticates with the in-memory access token as its first
 * message (never in the URL), re-authenticates when the session store renews the token, subscribes to the union of
 * what its watchers want, and reconnects with jittered exponential backoff, subscribing again after each reconnect.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private ready = false;
  private sentToken: string | null = null;
  /** Tag filter key per machine as last sent to the server. */
  private subscribed = new Map<string, string>();
  private readonly watchers = new Set<Watcher>();
  private status: LiveStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private stopSessionWatch: (() => void) | null = null;

  constructor(private readonly options: LiveClientOptions = {}) {}

  private get session(): LiveSession {
    return this.options.session ?? defaultSession;
  }

  /** Starts receiving points of a machine (optionally only some tags); returns the function that stops it. */
  watch(machineId: string, tags: readonly string[] | undefined, handlers: LiveWatchHandlers): () => void {
    const watcher: Watcher = { machineId, tags: tags ? new Set(tags.map((t) => t.toLowerCase())) : null, ...handlers };
    this.watchers.add(watcher);
    clearTimeout(this.lingerTimer);
    this.stopSessionWatch ??= this.session.subscribe(() => this.handleSessionChange());
    if (this.socket) this.sync();
    else this.connect();
    return () => {
      this.watchers.delete(watcher);
      this.sync();
      if (this.watchers.size === 0) this.lingerTimer = setTimeout(() => this.stop(), LINGER_MS);
    };
  }

  getStatus = (): LiveStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    if (this.socket) return;
    const token = this.session.getToken();
    if (!token || this.watchers.size === 0) return this.setStatus('idle');
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const Socket = this.options.WebSocket ?? WebSocket;
    const socket = new Socket(this.options.url ?? pageUrl());
    this.socket = socket;
    this.ready = false;
    this.subscribed = new Map();
    socket.onopen = () => this.send({ type: 'auth', token }, token);
    socket.onmessage = (event: MessageEvent) => this.handleMessage(String(event.data));
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      void this.handleClose(event.code);
    };
  }

  private async handleClose(code: number): Promise<void> {
    if (code === LIVE_CLOSE.forbidden) return this.setStatus('denied');
    this.setStatus('reconnecting');
    // An expired token is renewed first; an ended session fails to renew, and the store signs out (which stops us).
    if (code === LIVE_CLOSE.unauthorized && !(await this.session.refresh())) return this.stop();
    if (this.socket || this.status !== 'reconnecting') return;
    if (this.watchers.size === 0 || !this.session.getToken()) return this.stop();
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private handleMessage(text: string): void {
    const parsed = liveServerMessageSchema.safeParse(parseJson(text));
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'ready') {
      this.ready = true;
      this.attempt = 0;
      this.setStatus('live');
      // The token may have been renewed while the socket was opening.
      const token = this.session.getToken();
      if (token && token !== this.sentToken) this.send({ type: 'auth', token }, token);
      this.sync();
    } else if (message.type === 'points') {
      for (const machine of message.data) this.dispatch(machine);
    } else if (message.type === 'error') {
      for (const watcher of this.watchers) if (!message.machineIds || message.machineIds.includes(watcher.machineId)) watcher.onError?.(message.code);
    }
  }

  private dispatch({ machineId, series }: LiveMachinePoints): void {
    for (const watcher of this.watchers) {
      if (watcher.machineId !== machineId) continue;
      const { tags } = watcher;
      const mine = tags ? series.filter((s) => tags.has(s.tag.toLowerCase())) : series;
      if (mine.length > 0) watcher.onPoints(mine);
    }
  }

  /** Brings the server's subscriptions in line with the watchers: one message per distinct tag filter. */
  private sync(): void {
    if (!this.ready) return;
    const wanted = new Map<string, Set<string> | null>();
    for (const { machineId, tags } of this.watchers) {
      const current = wanted.get(machineId);
      if (current === null || tags === null) wanted.set(machineId, null);
      else wanted.set(machineId, new Set([...(current ?? []), ...tags]));
    }
    const groups = new Map<string, string[]>();
    for (const [machineId, tags] of wanted) {
      const key = tags ? JSON.stringify([...tags].sort()) : '*';
      if (this.subscribed.get(machineId) === key) continue;
      this.subscribed.set(machineId, key);
      groups.set(key, [...(groups.get(key) ?? []), machineId]);
    }
    for (const [key, machineIds] of groups) this.send({ type: 'subscribe', machineIds, ...(key === '*' ? {} : { tags: JSON.parse(key) as string[] }) });
    const gone = [...this.subscribed.keys()].filter((id) => !wanted.has(id));
    for (const id of gone) this.subscribed.delete(id);
    if (gone.length > 0) this.send({ type: 'unsubscribe', machineIds: gone });
  }

  /** A renewed token goes over the open socket; signing out closes it, signing in again reopens it. */
  private handleSessionChange(): void {
    const token = this.session.getToken();
    if (!token) return this.stop();
    if (this.status === 'idle' && this.watchers.size > 0) return this.connect();
    if (this.ready && token !== this.sentToken) this.send({ type: 'auth', token }, token);
  }

  private stop(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.lingerTimer);
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.attempt = 0;
    socket?.close(1000);
    if (this.watchers.size === 0) {
      this.stopSessionWatch?.();
      this.stopSessionWatch = null;
    }
    this.setStatus('idle');
  }

  private send(message: LiveClientMessage, token?: string): void {
    if (!this.socket || this.socket.readyState !== this.socket.OPEN) return;
    if (token) this.sentToken = token;
    this.socket.send(JSON.stringify(message));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The tab's live connection. */
export const liveClient = new LiveClient();
