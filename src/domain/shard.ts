// --shard K/N: which of N machines takes an input. A stable hash of the normalised input (32-bit
// FNV-1a of its UTF-8 bytes, modulo N), so every machine splits one list the same way, whatever
// its order, and the same handle always lands on the same machine.

export interface Shard {
  /** 1-based, as --shard 1/3 names the first of three. */
  index: number;
  count: number;
}

const encoder = new TextEncoder();

function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The 1-based shard a normalised input belongs to. */
export function shardOf(key: string, count: number): number {
  return (fnv1a32(key) % count) + 1;
}

/** Parses "K/N" (1 <= K <= N); undefined when the text is not that shape. */
export function parseShard(text: string): Shard | undefined {
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(text.trim());
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : undefined;
}
