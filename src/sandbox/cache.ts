// The service's one-hour response cache, shared by all keys as an upstream cache would be. A hit
// costs nothing; what is cached is the data part of a successful envelope.

const CACHE_TTL_MS = 60 * 60 * 1000;

export interface CacheEntry<T> {
  key: string;
  data: T;
  expiresAt: number;
}

export class ResponseCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();

  constructor(
    private readonly now: () => Date,
    saved?: CacheEntry<T>[],
  ) {
    for (const entry of saved ?? []) this.entries.set(entry.key, entry);
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // An entry stored after the clock's now (a clock set back, --sandbox-now) is no answer of the past.
    const now = this.now().getTime();
    if (entry.expiresAt <= now || entry.expiresAt - CACHE_TTL_MS > now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.data;
  }

  set(key: string, data: T): void {
    this.entries.set(key, { key, data, expiresAt: this.now().getTime() + CACHE_TTL_MS });
  }

  toJSON(): CacheEntry<T>[] {
    const now = this.now().getTime();
    return [...this.entries.values()].filter((entry) => entry.expiresAt > now);
  }
}
