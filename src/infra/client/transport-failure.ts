// What an attempt that ended without an answer means: a failure to connect (never sent, so never
// charged, and worth another attempt when it may pass), or a request written and then cut off (a
// reset, our deadline, an answer over the cap or in bytes the HTTP parser refuses), which may have
// been charged and is never sent again. Pure: the failure in, the error out.
import { errors } from 'undici';
import { SocialError } from '../../domain/errors.js';
import { formatBytes } from '../../domain/sizes.js';
import { sanitiseLine } from '../../domain/text.js';
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
      error: new SocialError('badResponse', `the answer is larger than ${formatBytes(maxBodyBytes)}: aborted`, {
        code: 'too_large',
        maybeCharged: true,
        suggestion:
          'Not retried: the service may have charged the call. If an answer this large is expected, raise --max-body (or SOCIAL_MAX_BODY).',
      }),
      retryable: false,
    };
  }
  // The service answered, in bytes undici's parser refuses (a control byte in a header, say):
  // an answer not understood, not a broken network, and as chargeable as any other answer.
  const refused = written ? refusedBytes(cause, failure.head !== undefined) : undefined;
  if (refused !== undefined) {
    return {
      error: new SocialError(
        'badResponse',
        `the answer could not be read: ${refused.what} (the call may have been charged)`,
        {
          code: 'malformed_answer',
          maybeCharged: true,
          suggestion: `Not retried: the service may have charged the call.${refused.said}`,
        },
      ),
      retryable: false,
    };
  }
  const timedOut = limit === 'deadline' || code === 'UND_ERR_CONNECT_TIMEOUT';
  if (written) {
    // The service may have received the request, and charged it: never sent again.
    return {
      error: new SocialError(
        'network',
        timedOut
          ? `no complete answer within ${seconds} s (the call may have been charged)`
          : 'the connection broke after the request was sent (the call may have been charged)',
        {
          code: timedOut ? 'timeout' : (code ?? 'connection_broken'),
          maybeCharged: true,
          suggestion: timedOut
            ? 'Not retried: the service may have charged the call. Raise --timeout if the service is slow.'
            : 'Not retried: the service may have charged the call.',
        },
      ),
      retryable: false,
    };
  }
  if (timedOut) {
    return {
      error: new SocialError('network', `cannot reach ${origin}: no connection within ${seconds} s`, {
        code: 'connect_timeout',
        suggestion: 'Check the base URL (`social config get base-url`) and the network.',
      }),
      retryable: true,
    };
  }
  const detail = sanitiseLine((cause as Error)?.message ?? String(cause));
  return {
    error: new SocialError('network', `cannot reach ${origin}: ${detail}`, {
      code: code ?? 'network',
      suggestion: 'Check the base URL (`social config get base-url`) and the network.',
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
function refusedBytes(cause: unknown, headRead: boolean): { what: string; said: string } | undefined {
  const malformed = headRead ? "its body's HTTP framing was malformed" : 'its status line or headers were malformed';
  if (cause instanceof errors.HTTPParserError) {
    if (cause.message.endsWith('(Invalid EOF state)')) return undefined;
    return { what: malformed, said: ` The HTTP parser said: ${sanitiseLine(cause.message)}` };
  }
  if (!headRead && cause instanceof errors.ResponseContentLengthMismatchError) return { what: malformed, said: '' };
  if (cause instanceof errors.HeadersOverflowError)
    return { what: 'its headers were larger than the HTTP client reads', said: '' };
  if (cause instanceof errors.SocketError && (cause.message === 'bad response' || cause.message === 'bad upgrade'))
    return { what: 'its status (1xx) is not one that ends an answer', said: '' };
  return undefined;
}

export function interrupted(): SocialError {
  return new SocialError('interrupted', 'interrupted');
}

function interruptedAfterSending(): SocialError {
  return new SocialError('interrupted', 'interrupted after the request was sent (the call may have been charged)', {
    code: 'interrupted_after_sending',
    maybeCharged: true,
    suggestion: '`social credits` counts it as uncertain.',
  });
}

export function notSentError(): SocialError {
  return new SocialError('interrupted', 'interrupted before it was sent: nothing charged', { code: 'not_sent' });
}
