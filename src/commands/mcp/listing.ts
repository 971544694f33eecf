// What a server lists, and the handshake it answers before the SDK is loaded: light on purpose,
// as the stdio front (stdio-front.ts) reads it at every start.

/** What a server lists: every tool or only the free ones (--read-only), and whether paid ones take `confirm`. */
export interface Listing {
  readOnly: boolean;
  confirm: boolean;
}

/** The listings a server may have, by name: what tools/list answers depends on these alone. */
export const LISTINGS = {
  all: { readOnly: false, confirm: false },
  confirm: { readOnly: false, confirm: true },
  readOnly: { readOnly: true, confirm: false },
} satisfies Record<string, Listing>;

export type ListingName = keyof typeof LISTINGS;

/** The listing of a server started with these guards (--read-only lists no paid tool to confirm). */
export function listingName(guards: { readOnly: boolean; confirmAbove: number | undefined }): ListingName {
  if (guards.readOnly) return 'readOnly';
  return guards.confirmAbove === undefined ? 'all' : 'confirm';
}

/** A server's answers to `initialize` and `tools/list`, as the SDK's own server gives them (handshake.ts). */
export interface Handshake {
  /** The protocol versions `initialize` settles on when a client asks for them; the first when it asks for another. */
  versions: string[];
  /** The result of `initialize`, but for its protocolVersion. */
  server: Record<string, unknown>;
  /** The result of `tools/list` under each listing. */
  tools: Record<ListingName, Record<string, unknown>>;
}
