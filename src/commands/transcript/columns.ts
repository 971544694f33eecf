// The columns of `social transcript`: a line per segment, and the names --fields takes.

import type { Column } from '../../output/types.js';

export interface Segment {
  start: number | null;
  end: number | null;
  text: unknown;
}

function clock(seconds: number | null): string | null {
  if (seconds === null) return null;
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const TRANSCRIPT_COLUMNS: Column<Segment>[] = [
  { header: 'at', label: 'views.column.at', value: (s) => clock(s.start), tableOnly: true },
  { header: 'start', label: 'views.column.start', value: (s) => s.start, kind: 'integer', csvOnly: true },
  { header: 'end', label: 'views.column.end', value: (s) => s.end, kind: 'integer', csvOnly: true },
  { header: 'text', label: 'views.column.text', value: (s) => s.text, fit: 'free', wrap: true },
];
