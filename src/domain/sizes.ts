// Byte sizes as users write them (--max-body 64MB) and as messages show them. Units are binary:
// 1 KB = 1024 bytes, 1 MB = 1024 KB, 1 GB = 1024 MB.

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 2 ** 10,
  kb: 2 ** 10,
  m: 2 ** 20,
  mb: 2 ** 20,
  g: 2 ** 30,
  gb: 2 ** 30,
};

/** `raw` (like 32MB, 512 KB, 1048576) in bytes, rounded down; undefined when it is not a size. */
export function parseByteSize(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(raw.trim());
  if (match === null) return undefined;
  const unit = UNITS[match[2]!.toLowerCase().replace(/ib$/, 'b')];
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}

/** A byte count the way parseByteSize reads it back: 32 MB, 512 KB, 100 B. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 2 ** 30],
    ['MB', 2 ** 20],
    ['KB', 2 ** 10],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} B`;
}
