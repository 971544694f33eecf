// What an attempt that ended without an answer means: a failure to connect (never sent, so never
// charged, and worth another attempt when it may pass), or a request written and then cut off (a
// reset, our deadline, an answer over the cap or in bytes the HTTP parser refuses), which may have
// been charged and is never sent again. Pure: the failure in, the error out.

import { SocialError } from '../../domain/errors.js';
import { formatBytes } from '../../domain/sizes.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Said } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import { errors } from '../vendor/undici.js';
import type { SendFailure } from './call-types.js';

/** What a transport failure is read against: the client's limits and where it sends. */
export interface TransportLimits {
  origin: string;
  timeoutMs: number;
  maxBodyBytes: number;
}

// Failures to connect (the request was never sent, so nothing can have been charged) that may
// pass next time. A certificate or an argument refused will not.
const RETRYABLE_CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * The error an attempt without an answer ends with, and whether another attempt may pass.
 * `aborted`: the call's signal had aborted (Ctrl-C).
 */
export function transportError(
  failure: SendFailure,
  aborted: boolean,
  { origin, timeoutMs, maxBodyBytes }: TransportLimits,
): { error: SocialError; retryable: boolean } {
  const { cause, written, limit } = failure;
  // Stopped once the request was written: the service may have charged it, as after a timeout,
  // so the spend ledger counts it (uncertain) and the user is told.
  if (aborted) return { error: written ? interruptedAfterSending() : interrupted(), retryable: false };
  const code = (cause as { code?: string }).code;
  const seconds = timeoutMs / 1000;
  if (limit === 'too_large') {
    return {
      error: new SocialError('badResponse', said('errors.tooLarge', { size: formatBytes(maxBodyBytes) }), {
        code: 'too_large',
        maybeCharged: true,
        suggestion: t('errors.tooLarge.hint'),
      }),
      retryable: false,
    };
  }
  // The service answered, in bytes undici's parser refuses (a control byte in a header, say):
  // an answer not understood, not a broken network, and as chargeable as any other answer.
  const refused = written ? refusedBytes(cause, failure.head !== undefined) : undefined;
  if (refused !== undefined) {
    return {
      error: new SocialError('badResponse', said('errors.unreadable', { what: refused.what }), {
        code: 'malformed_answer',
        maybeCharged: true,
        suggestion:
          refused.said === undefined
            ? t('errors.maybeCharged.hint')
            : t('errors.unreadable.parser.hint', { said: refused.said }),
      }),
      retryable: false,
    };
  }
  const timedOut = limit === 'deadline' || code === 'UND_ERR_CONNECT_TIMEOUT';
  if (written) {
    // The service may have received the request, and charged it: never sent again.
    return {
      error: new SocialError('network', timedOut ? said('errors.timeout', { seconds }) : said('errors.broken'), {
        code: timedOut ? 'timeout' : (code ?? 'connection_broken'),
        maybeCharged: true,
        suggestion: timedOut ? t('errors.timeout.hint') : t('errors.maybeCharged.hint'),
      }),
      retryable: false,
    };
  }
  if (timedOut) {
    return {
      error: new SocialError('network', said('errors.unreachable.timeout', { origin, seconds }), {
        code: 'connect_timeout',
        suggestion: t('errors.unreachable.hint'),
      }),
      retryable: true,
    };
  }
  const detail = sanitiseLine((cause as Error)?.message ?? String(cause));
  return {
    error: new SocialError('network', said('errors.unreachable', { origin, detail }), {
      code: code ?? 'network',
      suggestion: t('errors.unreachable.hint'),
    }),
    retryable: code !== undefined && RETRYABLE_CONNECT_CODES.has(code),
  };
}

/**
 * Why undici refused the bytes of an answer, and its parser's reason (sanitised, for the
 * suggestion), or undefined when the failure is not that. Two of undici's errors are not what they
 * seem. Its parser's "Invalid EOF state" is the connection closing or reset before a chunked body
 * ended (a body cut off, as one with a Content-Length is): a broken connection. And once a
 * Content-Length header has been read, a head the parser refuses after it is reported as a length
 * mismatch, the parser's reason lost: with no head read whole, that mismatch is a malformed head.
 * A head larger than undici reads (Node's --max-http-header-size) is an answer too, as one larger
 * than --max-body is. So is a status undici will not take for a GET (100 Continue, 101 Switching
 * Protocols), which it reports as a socket's "bad response" or "bad upgrade". These are told
 * apart by their messages: undici's public errors give nothing else (an HTTPParserError's code is
 * unset, as undici looks its llhttp error up in a table by name; every SocketError's code is
 * UND_ERR_SOCKET).
 */
function refusedBytes(cause: unknown, headRead: boolean): { what: Said; said?: string } | undefined {
  const malformed = headRead ? said('errors.unreadable.body') : said('errors.unreadable.head');
  if (cause instanceof errors.HTTPParserError) {
    if (cause.message.endsWith('(Invalid EOF state)')) return undefined;
    return { what: malformed, said: sanitiseLine(cause.message) };
  }
  if (!headRead && cause instanceof errors.ResponseContentLengthMismatchError) return { what: malformed };
  if (cause instanceof errors.HeadersOverflowError) return { what: said('errors.unreadable.headers') };
  if (cause instanceof errors.SocketError && (cause.message === 'bad response' || cause.message === 'bad upgrade'))
    return { what: said('errors.unreadable.status') };
  return undefined;
}

export function interrupted(): SocialError {
  return new SocialError('interrupted', said('errors.interrupted'));
}

function interruptedAfterSending(): SocialError {
  return new SocialError('interrupted', said('errors.interrupted.sent'), {
    code: 'interrupted_after_sending',
    maybeCharged: true,
    suggestion: t('errors.interrupted.sent.hint'),
  });
}

export function notSentError(): SocialError {
  return new SocialError('interrupted', said('errors.interrupted.notSent'), { code: 'not_sent' });
}
