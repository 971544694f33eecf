// Errors and their hints, in English. An id names what happened, never how it is worded; a hint's
// id ends in `.hint`. The service's own codes (sem_creditos) are never translated: the report
// names them in every language, so a search finds them.
import type { Messages } from '../message-types.js';

export default {
  // What the service's answers mean (src/infra/client/service-errors.ts).
  'errors.charge.none': 'Nothing was charged.',
  'errors.charge.maybe': 'The call may have been charged: counted as {credits}.',
  'errors.charge.stated': 'The answer says {credits} used: counted as charged.',
  'errors.auth': 'the API key is missing, unknown or deactivated',
  'errors.auth.hint':
    'Set a valid key with `social config set api-key` (reads it from stdin) or SOCIAL_API_KEY, or try with --sandbox.',
  'errors.method.refused': 'the service refused the HTTP method',
  'errors.method.refusedGet':
    'the service refused GET on {path}, which its routes take (a bug in social, or a change in the service)',
  'errors.method.notAllowed': '{method} is not allowed on {path}: the service allows {allowed} there',
  'errors.method.notAllowed.hint': "The service's routes are GET: run it again without -X/--method.",
  'errors.quota': 'the monthly quota of this route is exhausted',
  'errors.quota.limit': 'the monthly quota of {limit} requests of this route is exhausted',
  'errors.quota.hint': 'It renews on {date}. Retrying before then will not help.',
  'errors.route.notFound': 'no such route or resource',
  'errors.parameter': 'the service refused a parameter',
  'errors.parameter.hint': 'Check the value against {help}.',
  'errors.interval': 'the service refused the interval',
  'errors.interval.hint': 'Give --from before --to, at most 90 days apart.',
  'errors.credits': 'out of credits: no purchased credits and no free allowance left this month',
  'errors.credits.hint':
    'The free allowance comes back on {date} (00:00 UTC); until then only bought credits help. Retrying will not.',
  'errors.credits.needed.hint':
    'The free allowance comes back on {date} (00:00 UTC); until then only bought credits help. Retrying will not. This call needs {needed}.',
  'errors.ceiling': 'the monthly spending ceiling of this key is reached',
  'errors.ceiling.cap': 'the monthly spending ceiling of this key ({cap}) is reached',
  'errors.ceiling.hint': 'Spending resumes on {date}, or when the ceiling is raised. Retrying will not help.',
  'errors.notFound': 'no such profile, account or post',
  'errors.notFound.hint': 'Check the handle or URL.',
  'errors.blocked': 'the platform refused the service for this resource (the key is fine)',
  'errors.unavailable': 'the service or one of its dependencies is unavailable',
  'errors.unavailable.hint': 'Try again later.',
  'errors.status.400': 'the service refused the request',
  'errors.status.402': 'payment required: out of credits',
  'errors.status.402.hint': 'Retrying will not help.',
  'errors.status.404': 'not found',
  'errors.status.451': 'the platform refused the service',
  'errors.status.5xx': 'the service failed',
  'errors.status.unknown': 'the service answered with a status social does not know',
  'errors.withStatus': '{meaning} (HTTP {status})',
} satisfies Messages;
