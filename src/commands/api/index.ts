// `social api <path> [-X method] [-f key=value ...] [-F key=typed]`: a raw request to any route of
// the service, for the catalogue routes social does not model yet, with the same auth, retries,
// exit statuses and formats. Like gh api: fields are the query string of a GET and a JSON body
// otherwise; --include prints the status line and headers before the body.

import type { Command } from 'commander';
import { Option } from 'commander';
import { usageError } from '../../domain/errors.js';
import { describedChar, quoted } from '../../domain/text.js';
import type { HttpMethod } from '../../infra/client/call-types.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import type { ApiOptions } from './request.js';
import { apiRequest } from './request.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface ApiFlags {
  method?: string;
  field?: string[];
  rawField?: string[];
  include?: boolean;
}

/** -F's typed value: a number, true, false or null as JSON; anything else a string. */
function typedValue(raw: string): unknown {
  if (raw === 'true' || raw === 'false' || raw === 'null') return JSON.parse(raw);
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

function splitField(field: string, flag: string): [string, string] {
  const at = field.indexOf('=');
  if (at <= 0) throw usageError(said('errors.api.field', { flag, got: quoted(field) }));
  return [field.slice(0, at), field.slice(at + 1)];
}

// Controls (CR and LF included) and whitespace: they would change the request line, so they are
// refused, not sent.
const UNSENDABLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

const PATH_MAX = 4096;

export function parseApiOptions(rawPath: string, flags: ApiFlags = {}): ApiOptions {
  const method = (flags.method ?? 'GET').toUpperCase() as HttpMethod;
  if (!METHODS.includes(method))
    throw usageError(said('errors.api.method', { methods: METHODS.join(', '), got: quoted(String(flags.method)) }));
  // Spaces around the path are forgiven; anything else unsendable, anywhere, is refused.
  const input = rawPath.replace(/^ +| +$/g, '');
  const bad = UNSENDABLE.exec(input);
  if (bad !== null) {
    throw usageError(
      said('errors.api.unsendable', { char: describedChar(bad[0]), at: String(bad.index + 1), path: quoted(rawPath) }),
      t('errors.api.unsendable.hint'),
    );
  }
  // The key goes to the configured host only: a full URL is refused, not followed.
  if (/^[a-z][a-z0-9+.-]*:/i.test(input) || input.startsWith('//')) {
    throw usageError(said('errors.api.url', { path: quoted(rawPath) }), t('errors.api.url.hint'));
  }
  // Servers refuse a request line this long (HTTP 431 or 414), which says nothing of the route.
  if (input.length > PATH_MAX)
    throw usageError(
      said('errors.api.tooLong', { length: String(input.length), max: String(PATH_MAX), path: quoted(rawPath) }),
    );
  const [pathPart = '', queryPart = ''] = input.split('?', 2);
  if (pathPart === '' || pathPart === '/')
    throw usageError(
      input === '' ? said('errors.api.noRoute') : said('errors.api.noRouteOnly', { path: quoted(rawPath) }),
      t('errors.api.noRoute.hint'),
    );
  if (input.includes('#')) throw usageError(said('errors.api.fragment', { path: quoted(rawPath) }));
  if (/%(?![0-9a-f]{2})/i.test(input)) throw usageError(said('errors.api.percent', { path: quoted(rawPath) }));
  if (/\/\/./.test(pathPart)) throw usageError(said('errors.api.emptySegment', { path: quoted(rawPath) }));
  // A path from the root (/openapi.json, /api/v1/…) is taken as it is, and so is api/v1/… without
  // its leading slash (as gh api takes both); a short one is under /api/v1.
  const path = pathPart.startsWith('/')
    ? pathPart
    : /^api\/v1(?:\/|$)/.test(pathPart)
      ? `/${pathPart}`
      : `/api/v1/${pathPart}`;
  if (path.split('/').some((segment) => segment === '..' || segment === '.'))
    throw usageError(said('errors.api.dotSegment'));
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(queryPart));
  const fields: Record<string, unknown> = {};
  for (const field of flags.field ?? []) {
    const [key, value] = splitField(field, '-f');
    fields[key] = value;
  }
  for (const field of flags.rawField ?? []) {
    const [key, value] = splitField(field, '-F');
    fields[key] = typedValue(value);
  }
  const named = Object.keys(fields).length > 0;
  // Other characters beyond ASCII are sent percent-encoded (UTF-8), as a browser would.
  const encoded = path.replace(/[^\u0021-\u007e]/gu, (ch) => encodeURIComponent(ch));
  const options = { method, path: encoded.replace(/\/+$/, '') || '/', query, include: flags.include === true };
  // A GET carries its fields in the query string (typed ones as their text); any other method as JSON.
  if (method === 'GET') {
    for (const [key, value] of Object.entries(fields)) query[key] = String(value);
    return options;
  }
  return named ? { ...options, body: fields } : options;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * Arguments that are not one path: a method given as a word (as httpie takes it) is named as the
 * slip it is, unless -X gave one too; anything else is refused as too many.
 */
function notOnePath(args: readonly string[], methodGiven: boolean): Error {
  const [first = '', ...rest] = args;
  const method = first.toUpperCase() as HttpMethod;
  // Only a method's name in capitals, alone (`social api GET`): no route is named so.
  if (rest.length === 0)
    return usageError(
      said('errors.api.methodAlone', { got: quoted(first) }),
      t('errors.api.methodAlone.hint', { method: first }),
    );
  if (!methodGiven && METHODS.includes(method) && rest.length === 1) {
    return usageError(
      said('errors.api.methodFirst', { got: quoted(first) }),
      t('errors.api.methodFirst.hint', { method, path: rest[0] ?? '' }),
    );
  }
  return usageError(said('errors.api.onePath', { n: args.length, args: args.map(quoted).join(' ') }));
}

export function declareApi(command: SocialCommand, ctx: Context): void {
  command
    .addOption(new Option('-X, --method <method>', t('commands.api.method')).choices(METHODS))
    .option('-f, --field <key=value>', t('commands.api.field'), collect, [] as string[])
    .option('-F, --raw-field <key=value>', t('commands.api.raw-field'), collect, [] as string[])
    .option('-i, --include', t('commands.api.include'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.api.after'),
        examplesText([
          'social api github/profile -f handle=octocat',
          'social api /api/v1/movers/tech -F hours=6 -F limit=5 --json',
          'social api nichos -o table',
          'social api /openapi.json --include',
          'social api -X POST some/route -F dry=true -f note=hello',
        ]),
      ),
    );
  // More than the path is refused here rather than by commander, to name the common slip: a method
  // given as a word, as httpie takes it (`social api GET /path`), where gh and curl take -X.
  command.allowExcessArguments();
  addChargeOptions(command).statusAction((path: string, raw: ApiFlags, cmd: Command) => {
    if (cmd.args.length > 1 || (METHODS as readonly string[]).includes(path))
      throw notOnePath(cmd.args, raw.method !== undefined);
    const options = parseApiOptions(path, raw);
    return runService(ctx, cmd, options, async () => (await import('./run.js')).runApi, apiRequest(options).auth);
  });
}
