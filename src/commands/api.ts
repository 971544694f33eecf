// `social api <path> [-f key=value ...]`: a raw GET to any route under /api/v1, for the catalogue
// routes social does not model yet, with the same auth, retries, exit statuses and formats.

import type { Command } from 'commander';
import { usageError } from '../domain/errors.js';
import { matchRoute } from '../domain/routes.js';
import type { RequestSpec } from '../infra/client/http.js';
import type { Context } from '../infra/context.js';
import { formatJson } from '../output/json.js';
import type { Column, Result, View } from '../output/types.js';
import type { SocialCommand } from './command.js';
import { addDryRunOption, dryRunOutcome } from './dry-run.js';
import type { Outcome, Runtime } from './runner.js';
import { runApiCommand } from './runner.js';
import { EXIT_HELP } from './social-shared.js';

export interface ApiOptions {
  path: string;
  query: Record<string, string>;
}

// Controls (CR and LF included) and whitespace: they would change the request line, so they are
// refused, not sent.
const UNSENDABLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

export function parseApiOptions(rawPath: string, fields: readonly string[]): ApiOptions {
  // Spaces around the path are forgiven; anything else unsendable, anywhere, is refused.
  const input = rawPath.replace(/^ +| +$/g, '');
  const bad = UNSENDABLE.exec(input);
  if (bad !== null) {
    throw usageError(
      `the path has ${describeChar(bad[0])} at character ${bad.index + 1}: ${JSON.stringify(rawPath)}`,
      'A path has no spaces or control characters; give query values with -f key=value, which encodes them.',
    );
  }
  // The key goes to the configured host only: a full URL is refused, not followed.
  if (/^[a-z][a-z0-9+.-]*:/i.test(input) || input.startsWith('//')) {
    throw usageError(
      `give a path under /api/v1, not a URL: ${JSON.stringify(rawPath)}`,
      'For example: social api /api/v1/github/profile -f handle=octocat',
    );
  }
  const [pathPart = '', queryPart = ''] = input.split('?', 2);
  const path = pathPart.startsWith('/api/v1/') ? pathPart : `/api/v1/${pathPart.replace(/^\/+/, '')}`;
  if (path.split('/').some((segment) => segment === '..' || segment === '.'))
    throw usageError('the path may not contain . or .. segments');
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(queryPart));
  for (const field of fields) {
    const at = field.indexOf('=');
    if (at <= 0) throw usageError(`-f takes key=value; got ${JSON.stringify(field)}`);
    query[field.slice(0, at)] = field.slice(at + 1);
  }
  // Other characters beyond ASCII are sent percent-encoded (UTF-8), as a browser would.
  const encoded = path.replace(/[^\u0021-\u007e]/gu, (ch) => encodeURIComponent(ch));
  return { path: encoded.replace(/\/+$/, ''), query };
}

const NAMED: Record<number, string> = { 9: 'a tab', 10: 'a line feed', 13: 'a carriage return', 32: 'a space' };

/** `ch` for a message: its name where it has a short one, and its code point. */
function describeChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return NAMED[code] ? `${NAMED[code]} (${point})` : point;
}

export function apiRequest(options: ApiOptions): RequestSpec<unknown> {
  const known = matchRoute(options.path)?.route;
  return {
    path: options.path,
    query: options.query,
    // Routes social does not model have no schema of ours: any JSON body is taken as it is.
    loadSchema: async () => (await import('../domain/schemas.js')).AnyBodySchema,
    // A route of the table is read as such, sent with its key, at its cost; another may answer
    // anything, an envelope or not, at a cost not known.
    shape: known === undefined ? 'any' : known.error === 'ApiError' ? 'archive' : 'envelope',
    auth: known?.auth ?? true,
    cost: known?.cost ?? null,
  };
}

type Flat = Record<string, string | number | boolean | null>;

/** Top-level fields, nested values as compact JSON: a row a table or csv can hold. */
function flatten(value: unknown): Flat {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { value: formatJson(value, false) };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      v === null || ['string', 'number', 'boolean'].includes(typeof v) ? (v as string) : formatJson(v, false),
    ]),
  );
}

/** The list a body carries (data.items, items, niches), if it carries one. */
function listOf(body: unknown): unknown[] | undefined {
  const record = (body ?? {}) as Record<string, unknown>;
  const data = (record.data ?? {}) as Record<string, unknown>;
  for (const candidate of [data.items, record.items, record.niches])
    if (Array.isArray(candidate) && candidate.length > 0) return candidate;
  return undefined;
}

function listView(body: unknown): View<Flat> {
  const rows = (listOf(body) ?? [body]).map(flatten);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns: Column<Flat>[] = keys.map((key, i) => ({
    header: key,
    value: (row) => row[key] ?? null,
    fit: i === keys.length - 1 ? 'free' : 'fixed',
  }));
  return { columns, rows };
}

export function apiResult(body: unknown): Result {
  // The table and csv views are made only when asked for: json output of a large body would
  // otherwise pay for a copy of it as rows.
  return {
    json: body,
    get table() {
      if (listOf(body)) return [listView(body)];
      return [{ fields: Object.entries(flatten(body)).map(([label, value]) => ({ label, value })) }];
    },
    get csv() {
      return listView(body);
    },
  };
}

export async function runApi(options: ApiOptions, rt: Runtime): Promise<Outcome> {
  const request = apiRequest(options);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  const { body } = await rt.spin(`GET ${options.path}`, rt.session.client.get(request));
  return { result: apiResult(body) };
}

export function registerApi(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('api')
    .description('raw GET to any route under /api/v1 (routes social does not model yet)')
    .argument('<path>', 'like /api/v1/github/profile, or github/profile for short')
    .option(
      '-f, --field <key=value>',
      'a query parameter; repeat for more',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .addHelpText(
      'after',
      `
The key is sent, retries and exit statuses are those of every command, and json prints the body
as it came. A full URL is refused: the key only ever goes to the configured base URL.
Routes the catalogue has beyond these may charge their own price: --dry-run shows what is known.

Examples:
  social api github/profile -f handle=octocat
  social api /api/v1/movers/tech -f hours=6 -f limit=5 --json
  social api nichos -o table

${EXIT_HELP}`,
    );
  addDryRunOption(command).statusAction(async (path: string, raw: { field: string[] }, cmd: Command) => {
    const options = parseApiOptions(path, raw.field);
    return await runApiCommand(
      ctx,
      cmd.optsWithGlobals(),
      { key: options.path !== '/api/v1/nichos', command: 'api' },
      (rt) => runApi(options, rt),
    );
  });
}
