// Answers taken from the local store instead of sent (--max-age, --offline): each body is marked
// with when it was fetched, so whatever counts or tells its charge (the client, the credit notes,
// a batch's summary) sees it cost nothing now and never passes it off as fresh. A WeakMap:
// the mark goes with the body, and the service's keys are never touched.

const fetchedAt = new WeakMap<object, Date>();

export function markStored(body: unknown, at: Date): void {
  if (body !== null && typeof body === 'object') fetchedAt.set(body, at);
}

/** When a body taken from the local store was fetched; undefined for an answer just sent for. */
export function storedAt(body: unknown): Date | undefined {
  return body !== null && typeof body === 'object' ? fetchedAt.get(body) : undefined;
}
