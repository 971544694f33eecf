// Answers taken from the local store instead of sent (--max-age, --offline): each body is marked
// with when it was fetched, so whatever counts or tells its charge (the client, the credit notes,
// a batch's summary) sees it cost nothing now and never passes it off as fresh. A WeakMap:
// the mark goes with the body, and the service's keys are never touched.
import { formatTimestamp } from '../messages/intl.js';
import { t } from '../messages/use-notes.js';

const fetchedAt = new WeakMap<object, Date>();

export function markStored(body: unknown, at: Date): void {
  if (body !== null && typeof body === 'object') fetchedAt.set(body, at);
}

/** When a body taken from the local store was fetched; undefined for an answer just sent for. */
export function storedAt(body: unknown): Date | undefined {
  return body !== null && typeof body === 'object' ? fetchedAt.get(body) : undefined;
}

/** What a credit note says of an answer from the local store: "from the local store, fetched ... · nothing charged". */
export function storedNote(at: Date): string {
  return t('notes.stored', { at: formatTimestamp(at) });
}
