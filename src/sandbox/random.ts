// The sandbox's only source of chance (archive, built-in data, fault draws): a small seeded
// generator (mulberry32) and the few draws built on it. Nothing here reads the clock or
// Math.random, so one seed always gives one sandbox. A class rather than closures: every niche's generator then shares one call target,
// which keeps the optimiser's inlining valid from one niche to the next (building stays fast).

export class Random {
  private state: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator seeded by the FNV-1a hash of a string, so each named thing owns a stable stream. */
  static fromString(seed: string): Random {
    let h = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return new Random(h);
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  float(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  /** A 32-bit seed for a generator of its own. */
  seed(): number {
    return Math.floor(this.next() * 4294967296);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A standard normal draw (Box-Muller, two per round). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    this.hasSpare = true;
    return radius * Math.cos(angle);
  }

  /** A Poisson draw for the small means the archive uses (Knuth's method). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    const limit = Math.exp(-mean);
    let k = 0;
    let product = this.next();
    while (product > limit) {
      k += 1;
      product *= this.next();
    }
    return k;
  }
}

/** Folds any finite numbers (a seed of any size, a niche index) into one 32-bit seed. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const value = Number.isFinite(part) ? Math.trunc(part) : 0;
    const words = [value >>> 0, Math.floor(value / 4294967296) >>> 0];
    for (const word of words) {
      h = Math.imul(h ^ word, 0x01000193);
      h ^= h >>> 15;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
    }
  }
  return h >>> 0;
}
