/**
 * A per-process cache whose entries live `ttlMs`: what the hot path asks on every request but rarely changes.
 * Concurrent askers of a missing key share one load; a failed load, or one that yields null, is not kept (so an
 * unknown credential is asked again next time). Past `maxEntries` the cache starts over rather than grow.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { expiresAt: number; value: Promise<V | null> }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, load: () => Promise<V | null>, now = Date.now()): Promise<V | null> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry = { expiresAt: now + this.ttlMs, value: load() };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.value.then((value) => value === null && forget(), forget);
    return entry.value;
  }
}

/** One instance per app (its deps object): test apps in one process never share state, and no global holds it. */
export function perApp<D extends object, T>(create: () => T): (deps: D) => T {
  const instances = new WeakMap<D, T>();
  return (deps) => {
    let instance = instances.get(deps);
    if (!instance) instances.set(deps, (instance = create()));
    return instance;
  };
}
