// Credit notes and small text helpers the archive commands share.

import { t } from '../../messages/use-notes.js';
import { thousands } from '../text.js';

export { thousands };

export function credits(n: number): string {
  return t('notes.credits', { n });
}

/** A numeric response header, or undefined. */
export function headerNumber(headers: Record<string, string | string[] | undefined>, name: string): number | undefined {
  const raw = headers[name];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}
