// Typed errors, and the one place where they become exit statuses (the contract's table). Every
// failure carries a kind, a message that says what happened, and a suggestion of what to do.
import { type Said, say } from '../messages/catalogue.js';
import { currentLanguage } from '../messages/language.js';
import { renderedInEnglish } from '../messages/registry.js';
import type { Charge } from './charges.js';

/**
 * The exit statuses, as data: `social help exit-codes` is rendered from this list (what each
 * means, and what the service answered, are the topics catalogue's `topics.exit.<kind>` and
 * `topics.exit.<kind>.service`), and a test holds the tables of docs/guide.md and README.md to it.
 */
export const EXIT_TABLE = [
  { kind: 'ok', code: 0 },
  { kind: 'unexpected', code: 1 },
  { kind: 'usage', code: 2 },
  { kind: 'auth', code: 3 },
  { kind: 'credits', code: 4 },
  { kind: 'ceiling', code: 5 },
  { kind: 'quota', code: 6 },
  { kind: 'notFound', code: 7 },
  { kind: 'blocked', code: 8 },
  { kind: 'unavailable', code: 9 },
  { kind: 'network', code: 10 },
  { kind: 'badResponse', code: 11 },
  { kind: 'partial', code: 12 },
  { kind: 'offline', code: 13 },
  { kind: 'hangup', code: 129 },
  { kind: 'interrupted', code: 130 },
  { kind: 'quit', code: 131 },
] as const;

type ExitRow = (typeof EXIT_TABLE)[number];

/**
 * Kinds of error that end with another row's status: a call held back by --max-credits (nothing
 * sent) ends 12, as a batch with inputs left does, and says why in its own kind.
 */
const SHARED_STATUS = { budget: 'partial' } as const;

export type ErrorKind = ExitRow['kind'] | keyof typeof SHARED_STATUS;

/** Each kind's status by name (`EXIT.usage` is 2), built from EXIT_TABLE. */
export const EXIT = Object.fromEntries(EXIT_TABLE.map((row) => [row.kind, row.code])) as {
  readonly [Row in ExitRow as Row['kind']]: Row['code'];
};

export interface ErrorDetails {
  /** The service's code (error.type of an envelope, error of an ApiError), when there is one. */
  code?: string;
  /** What the user can do about it. */
  suggestion?: string;
  status?: number;
  requestId?: string;
  /** The server's error body, which json output still prints to stdout. */
  body?: unknown;
  /** The answer's status and headers, when the failure came with an answer (for api --include). */
  answer?: { status: number; headers: Record<string, string | string[] | undefined> };
  /**
   * The request was written before the failure (a reset, a timeout, an answer cut off, too large
   * or unreadable): the service may have charged it. Never retried; a budget counts it as spent.
   */
  maybeCharged?: boolean;
  /** What the call counts as charged, as the client decided it (none: it was never sent). */
  charge?: Charge;
}

/**
 * A message not yet said, with its English already said: for an error made again and again with the
 * same words (a batch's every 404), which says them once.
 */
export interface SaidInEnglish {
  readonly said: Said;
  readonly english: string;
}

/** `message` and its English, said now (see SaidInEnglish). */
export function saidInEnglish(message: Said): SaidInEnglish {
  return { said: message, english: renderedInEnglish(() => say(message)) };
}

/**
 * A failure social expected and reports by its message: a service's answer (a batch may have
 * thousands of 404s), a refused input, a network failure. Not made by Error's constructor, which
 * captures a stack, and no stack is shown for these: an object of its own, with Error's prototype
 * behind its own, so that it is an Error to `instanceof` and to String().
 */
export class SocialError {
  readonly name = 'SocialError';
  /**
   * What happened, in English whatever the run speaks: what machine output carries (a batch
   * record's error.message, a dry run's list) never changes with the language. What a person
   * reads is `localMessage(error)`.
   */
  readonly message: string;
  /** The message not yet said, when it was made from the catalogue. */
  readonly said: Said | undefined;

  constructor(
    readonly kind: ErrorKind,
    message: string | Said | SaidInEnglish,
    readonly details: ErrorDetails = {},
  ) {
    if (typeof message === 'string') {
      this.said = undefined;
      this.message = message;
    } else if ('english' in message) {
      this.said = message.said;
      this.message = message.english;
    } else {
      this.said = message;
      this.message = renderedInEnglish(() => say(message));
    }
  }
}
Object.setPrototypeOf(SocialError.prototype, Error.prototype);

/**
 * An Error of the layers below (the local store, a lock) whose text was made from the catalogue:
 * its message in English, as every Error's is read where a script reads it, and what a person
 * reads in `said` (localReason).
 */
export class SaidError extends Error {
  constructor(readonly said: Said) {
    super(renderedInEnglish(() => say(said)));
  }
}

/** What a failure says, to be said in a message made from the catalogue: a SaidError's not yet said. */
export function reasonOf(error: unknown): string | Said {
  if (error instanceof SaidError) return error.said;
  return error instanceof Error ? error.message : String(error);
}

/** What a failure says as a person reads it: a SaidError's in the run's language. */
export function localReason(error: unknown): string {
  const reason = reasonOf(error);
  return typeof reason === 'string' ? reason : say(reason);
}

/** An error's message as a person reads it: in the run's language. */
export function localMessage(error: SocialError): string {
  // In an English run its message is already that: not said again (a batch's every failed input).
  return error.said === undefined || currentLanguage() === 'en' ? error.message : say(error.said);
}

/** Local refusal of bad input: exit 2, nothing sent, nothing charged. */
export function usageError(message: string | Said, suggestion?: string): SocialError {
  return new SocialError('usage', message, { suggestion });
}

export function exitStatus(error: unknown): number {
  if (!(error instanceof SocialError)) return EXIT.unexpected;
  const { kind } = error;
  return kind === 'budget' ? EXIT[SHARED_STATUS[kind]] : EXIT[kind];
}
