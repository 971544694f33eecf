// Typed errors, and the one place where they become exit statuses (the contract's table). Every
// failure carries a kind, a message that says what happened, and a suggestion of what to do.
import type { Charge } from './charges.js';

/**
 * The exit statuses, as data: `social help exit-codes` is rendered from this list, and a
 * test holds the tables of docs/guide.md and README.md to it.
 */
export const EXIT_TABLE = [
  { kind: 'ok', code: 0, meaning: 'success, including an empty result', fromService: '200' },
  { kind: 'unexpected', code: 1, meaning: 'unexpected failure (a bug)', fromService: '405 and anything unclassified' },
  {
    kind: 'usage',
    code: 2,
    meaning: 'bad arguments or options, input refused locally (nothing sent), a --jq filter that failed on an answer',
    fromService: '400 parametro_invalido, intervalo_invalido',
  },
  {
    kind: 'auth',
    code: 3,
    meaning: 'no key configured, or the key refused',
    fromService: '401 chave_invalida, chave_ausente',
  },
  {
    kind: 'credits',
    code: 4,
    meaning: 'out of credits: waiting does not help before the 1st',
    fromService: '402 sem_creditos',
  },
  { kind: 'ceiling', code: 5, meaning: 'monthly spending ceiling reached', fromService: '402 teto_estourado' },
  { kind: 'quota', code: 6, meaning: 'monthly quota exhausted', fromService: '429' },
  { kind: 'notFound', code: 7, meaning: 'not found', fromService: '404 nao_encontrado' },
  { kind: 'blocked', code: 8, meaning: 'refused by the platform', fromService: '451 bloqueado' },
  {
    kind: 'unavailable',
    code: 9,
    meaning: 'service unavailable, after retries',
    fromService: '503 indisponivel, endpoint_indisponivel, 502, other 5xx',
  },
  {
    kind: 'network',
    code: 10,
    meaning: 'network failure or timeout',
    fromService: 'no complete response (once the request was sent: may have been charged)',
  },
  {
    kind: 'badResponse',
    code: 11,
    meaning: 'response not understood',
    fromService: 'a body that cannot be read or over `--max-body`; any drift under `--strict`',
  },
  {
    kind: 'partial',
    code: 12,
    meaning:
      'batch finished with some inputs failed or held back by --max-credits; a call over --max-credits (nothing sent)',
    fromService: '',
  },
  {
    kind: 'offline',
    code: 13,
    meaning: '--offline: nothing held in the local store for the request (nothing sent)',
    fromService: '',
  },
  { kind: 'hangup', code: 129, meaning: 'ended by SIGHUP (a closed terminal or ssh session)', fromService: '' },
  { kind: 'interrupted', code: 130, meaning: 'interrupted (Ctrl-C, or SIGTERM)', fromService: '' },
  { kind: 'quit', code: 131, meaning: 'ended by SIGQUIT (the quit key of a terminal)', fromService: '' },
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
 * A failure social expected and reports by its message: a service's answer (a batch may have
 * thousands of 404s), a refused input, a network failure. Not made by Error's constructor, which
 * captures a stack, and no stack is shown for these: an object of its own, with Error's prototype
 * behind its own, so that it is an Error to `instanceof` and to String().
 */
export class SocialError {
  readonly name = 'SocialError';

  constructor(
    readonly kind: ErrorKind,
    readonly message: string,
    readonly details: ErrorDetails = {},
  ) {}
}
Object.setPrototypeOf(SocialError.prototype, Error.prototype);

/** Local refusal of bad input: exit 2, nothing sent, nothing charged. */
export function usageError(message: string, suggestion?: string): SocialError {
  return new SocialError('usage', message, { suggestion });
}

export function exitStatus(error: unknown): number {
  if (!(error instanceof SocialError)) return EXIT.unexpected;
  const { kind } = error;
  return kind === 'budget' ? EXIT[SHARED_STATUS[kind]] : EXIT[kind];
}
