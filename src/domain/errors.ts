// Typed errors, and the one place where they become exit statuses (the contract's table). Every
// failure carries a kind, a message that says what happened, and a suggestion of what to do.

export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  credits: 4,
  ceiling: 5,
  quota: 6,
  notFound: 7,
  blocked: 8,
  unavailable: 9,
  network: 10,
  badResponse: 11,
  partial: 12,
  interrupted: 130,
} as const;

export type ErrorKind = keyof typeof EXIT;

export interface ErrorDetails {
  /** The service's code (error.type of an envelope, error of an ApiError), when there is one. */
  code?: string;
  /** What the user can do about it. */
  suggestion?: string;
  status?: number;
  requestId?: string;
  /** The server's error body, which json output still prints to stdout. */
  body?: unknown;
}

export class SocialError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    // An expected failure, reported by its message: no stack is shown, so none is captured (a
    // batch of thousands of 404s spent more time capturing stacks than parsing answers).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'SocialError';
  }
}

/** Local refusal of bad input: exit 2, nothing sent, nothing charged. */
export function usageError(message: string, suggestion?: string): SocialError {
  return new SocialError('usage', message, { suggestion });
}

export function exitStatus(error: unknown): number {
  if (error instanceof SocialError) return EXIT[error.kind];
  return EXIT.unexpected;
}
