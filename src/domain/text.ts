// Upstream text (bios, posts, titles, even error messages) is written by strangers. Nothing of it
// may reach a terminal as a control character or escape sequence: these helpers neutralise it.

// C0 controls but tab and newline, DEL, C1 controls, and the bidi embeddings, overrides and
// isolates that can reorder what a terminal shows.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Whole escape sequences first, so their printable tails (like "[31m") do not survive either:
// CSI, OSC (ended by BEL or ST), and other ESC-introduced two-character sequences.
const ESCAPE_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|[\u001b\u009d]\][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[@-Z\\-_]/g;

/** Text kept on several lines (a post body): escape sequences and controls removed, newlines kept. */
export function sanitiseText(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(UNSAFE, '');
}

/** Text for one line or one cell: as sanitiseText, with every line break and tab folded to a space. */
export function sanitiseLine(text: string): string {
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(UNSAFE_ALL, '');
}

/**
 * 12345 as "12,345". Not toLocaleString: its first call loads ICU data, ~10 ms of a short run.
 * A figure the service sent as something else than a number is "unknown".
 */
export function thousands(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return 'unknown';
  const sign = n < 0 ? '-' : '';
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
