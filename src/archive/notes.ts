// Credit notes and small text helpers the archive commands share.

export function credits(n: number): string {
  return `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;
}

export function thousands(n: number): string {
  return n.toLocaleString('en-US');
}

/** A numeric response header, or undefined. */
export function headerNumber(headers: Record<string, string | string[] | undefined>, name: string): number | undefined {
  const raw = headers[name];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}
