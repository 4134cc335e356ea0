import type { LiveSeries } from '@taktwerk/common';
import { filterSeries, mergeSeries, type TagFilter } from './series';

/** A socket as the hub sees it. */
export interface HubMember {
  /** Queues one serialized server message (the member enforces its own send-buffer bound). */
  deliver(message: Buffer): void;
  end(code: number, reason: string): void;
}

export interface HubPrincipal {
  orgId: string;
  sessionId: string;
}

/** The per-organization Redis channels: joined while the organization has a signed-in socket here. */
export interface OrgChannels {
  join(orgId: string): Promise<void>;
  leave(orgId: string): void;
}

interface Membership extends HubPrincipal {
  machines: Map<string, TagFilter>;
}

/**
 * Who watches what on this replica, and the fan-out. Points are coalesced hub-wide: a flush runs at once when the
 * last one is at least `coalesceMs` old, else when it is — so a quiet machine's points go out immediately and a
 * socket never gets more than one message per window. Because every socket flushes on the same tick, sockets with
 * the same subscriptions get the very same serialized buffer: 200 sockets watching one machine cost one
 * JSON.stringify per window, not 200.
 */
export class LiveHub {
  private readonly members = new Map<HubMember, Membership>();
  private readonly byMachine = new Map<string, Map<HubMember, TagFilter>>();
  private readonly bySession = new Map<string, Set<HubMember>>();
  private pending = new Map<string, { orgId: string; batches: (readonly LiveSeries[])[] }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlush = 0;

  constructor(
    private readonly coalesceMs: number,
    private readonly channels: OrgChannels,
  ) {}

  /**
   * Registers a member under its (possibly renewed) session. Registration is immediate; the promise settles once
   * this replica listens to the organization's channel, so points ingested elsewhere afterwards reach it.
   */
  signIn(member: HubMember, principal: HubPrincipal): Promise<void> {
    const current = this.members.get(member);
    if (current) {
      if (current.orgId !== principal.orgId) throw new Error('a live socket cannot change organization');
      this.unindexSession(member, current.sessionId);
      current.sessionId = principal.sessionId;
      this.indexSession(member, principal.sessionId);
      return Promise.resolve();
    }
    this.members.set(member, { ...principal, machines: new Map() });
    this.indexSession(member, principal.sessionId);
    return this.channels.join(principal.orgId);
  }

  /** Sets the filter of machines already checked to belong to the member's organization; false past `limit`. */
  subscribe(member: HubMember, machineIds: readonly string[], filter: TagFilter, limit: number): boolean {
    const membership = this.members.get(member);
    if (!membership) return false;
    const added = machineIds.filter((id) => !membership.machines.has(id)).length;
    if (membership.machines.size + added > limit) return false;
    for (const machineId of machineIds) {
      membership.machines.set(machineId, filter);
      let watchers = this.byMachine.get(machineId);
      if (!watchers) {
        watchers = new Map();
        this.byMachine.set(machineId, watchers);
      }
      watchers.set(member, filter);
    }
    return true;
  }

  unsubscribe(member: HubMember, machineIds: readonly string[]): void {
    const membership = this.members.get(member);
    for (const machineId of machineIds) {
      membership?.machines.delete(machineId);
      const watchers = this.byMachine.get(machineId);
      watchers?.delete(member);
      if (watchers?.size === 0) this.byMachine.delete(machineId);
    }
  }

  remove(member: HubMember): void {
    const membership = this.members.get(member);
    if (!membership) return;
    this.unsubscribe(member, [...membership.machines.keys()]);
    this.unindexSession(member, membership.sessionId);
    this.members.delete(member);
    this.channels.leave(membership.orgId);
  }

  watches(machineId: string): boolean {
    return this.byMachine.has(machineId);
  }

  /** Queues a committed batch for the next flush. */
  deliver(orgId: string, machineId: string, series: readonly LiveSeries[]): void {
    if (!this.byMachine.has(machineId) || series.length === 0) return;
    const entry = this.pending.get(machineId);
    if (entry) entry.batches.push(series);
    else this.pending.set(machineId, { orgId, batches: [series] });
    if (this.timer) return;
    const wait = Math.max(0, this.lastFlush + this.coalesceMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  endSessions(sessionIds: readonly string[], code: number, reason: string): void {
    for (const sessionId of sessionIds) {
      for (const member of [...(this.bySession.get(sessionId) ?? [])]) member.end(code, reason);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private flush(): void {
    this.timer = null;
    this.lastFlush = Date.now();
    const pending = this.pending;
    this.pending = new Map();
    // Serialized per (machine, tag filter), then per distinct list of those: equal subscriptions share buffers.
    const fragments = new Map<string, string>();
    const fragmentsOf = new Map<HubMember, string[]>();
    for (const [machineId, { orgId, batches }] of pending) {
      const watchers = this.byMachine.get(machineId);
      if (!watchers) continue;
      const merged = mergeSeries(batches);
      for (const [member, filter] of watchers) {
        // Subscriptions are checked against the organization already; this guards the channel's word too.
        if (this.members.get(member)?.orgId !== orgId) continue;
        const key = machineId + filter.key;
        let fragment = fragments.get(key);
        if (fragment === undefined) {
          const series = filterSeries(merged, filter);
          fragment = series.length > 0 ? JSON.stringify({ machineId, series }) : '';
          fragments.set(key, fragment);
        }
        if (fragment === '') continue;
        const keys = fragmentsOf.get(member);
        if (keys) keys.push(key);
        else fragmentsOf.set(member, [key]);
      }
    }
    const messages = new Map<string, Buffer>();
    for (const [member, keys] of fragmentsOf) {
      const signature = keys.join('\n');
      let message = messages.get(signature);
      if (!message) {
        message = Buffer.from(`{"type":"points","data":[${keys.map((k) => fragments.get(k)).join(',')}]}`);
        messages.set(signature, message);
      }
      member.deliver(message);
    }
  }

  private indexSession(member: HubMember, sessionId: string): void {
    let members = this.bySession.get(sessionId);
    if (!members) {
      members = new Set();
      this.bySession.set(sessionId, members);
    }
    members.add(member);
  }

  private unindexSession(member: HubMember, sessionId: string): void {
    const members = this.bySession.get(sessionId);
    members?.delete(member);
    if (members?.size === 0) this.bySession.delete(sessionId);
  }
}
