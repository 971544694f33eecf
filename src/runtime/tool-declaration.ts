// A command as an MCP tool (`social mcp`): its name, what it costs, its arguments as a schema,
// and how they become the command's own options, so a tool call goes through the same checks and
// the same run as the command line. Each command that is a tool has a tool.ts beside its
// declaration; its head says where (CommandHead.tool), and `social mcp` finds them in the program
// the entry built, so the mcp command imports no other command's folder.
import * as z from 'zod';
import type { Platform } from '../domain/platforms.js';
import type { IntegerParam } from '../domain/routes.js';
import type { MessageId } from '../messages/catalogue.js';
import { renderedInEnglish } from '../messages/registry.js';
import { t } from '../messages/use-notes.js';
import type { LocalRuntime } from './local.js';
import type { Outcome, Runtime } from './runner.js';

interface ToolCommon<Args, Options> {
  /** The tool's name: the command's (snake_case where it has words: track_report, store_sql). */
  name: string;
  title: string;
  /** What it does, and its price and charge rule ("1 credit, charged even when empty"). */
  description: string;
  /** The arguments, with the spec's patterns and ranges: clients are given its JSON Schema. */
  input: z.ZodObject;
  /** Costs nothing, whatever it is given: the only tools --read-only lists (readOnlyHint). */
  free: boolean;
  /** A repeat within the service's cache costs nothing (idempotentHint). */
  idempotent: boolean;
  /** The command's options from arguments the schema took, through the command line's own checks. */
  options: (args: Args, now: Date) => Options;
  /** One line an agent reads first, from what the command prints in json. */
  summary: (json: unknown) => string;
}

/** A command that asks the service, through the session (runApiCommand). */
interface ServiceTool<Args, Options> extends ToolCommon<Args, Options> {
  from: 'service';
  /** The session needs the key (false for the keyless coverage route). */
  key: boolean;
  /** The command's run (its run.ts), as runService loads it. */
  run: () => Promise<(options: Options, rt: Runtime) => Promise<Outcome>>;
}

/** A command that answers from the local store alone (runLocalCommand): free, nothing sent, no key. */
interface StoreTool<Args, Options> extends ToolCommon<Args, Options> {
  from: 'store';
  /** The command's run, as its action loads it. */
  run: () => Promise<(options: Options, rt: LocalRuntime) => Promise<Outcome>>;
}

export type ToolDeclaration<Args = Record<string, unknown>, Options = unknown> =
  | ServiceTool<Args, Options>
  | StoreTool<Args, Options>;

/** A tool declaration of any command, as `social mcp` holds them. */
// biome-ignore lint/suspicious/noExplicitAny: each tool's own types are checked where it is declared
export type AnyTool = ToolDeclaration<any, any>;

/** The platform argument of a tool served by `platforms`. */
export function platformInput(platforms: readonly Platform[]) {
  const names = platforms.map((p) => p.name) as [string, ...string[]];
  return z.enum(names).describe(`One of: ${names.join(', ')}.`);
}

/** A handle of any of `platforms`; its JSON Schema's `allOf` (see handleRules) holds each one's pattern. */
export function handleInput(platforms: readonly Platform[]) {
  return z
    .string()
    .min(1)
    .max(200)
    .describe(
      `The handle itself (no URL), per platform: ${platforms.map((p) => `${p.name} ${p.handleRule}, like ${p.example}`).join('; ')}.`,
    );
}

/**
 * Each platform's handle pattern as JSON Schema: if `platform` is this one, `property` (one handle,
 * or each of a list) matches its pattern. Written into the tool's schema with zod's meta.
 */
export function handleRules(platforms: readonly Platform[], property: string, list: boolean) {
  return platforms.map((p) => {
    const rule = { type: 'string', pattern: p.handlePattern.source };
    return whenPlatform(p, { properties: { [property]: list ? { type: 'array', items: rule } : rule } });
  });
}

/** JSON Schema's conditional: when the `platform` argument is `platform`, `rule` holds too. */
export function whenPlatform(platform: Platform, rule: Record<string, unknown>) {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
  return { if: { properties: { platform: { const: platform.name } }, required: ['platform'] }, then: rule };
}

/** An integer argument sent as a route's parameter, in the route table's range (or up to `max`). */
export function integerInput(param: IntegerParam, max = param.max) {
  const base = z.number().int().min(param.min);
  const bounded = max === undefined ? base : base.max(max);
  const fallback = param.default === undefined ? '' : ` Default ${param.default}.`;
  return bounded.describe(`${param.description}${fallback} Out of range is refused, never clamped.`);
}

/**
 * A price as a tool's description says it: in English whatever the run speaks, as every other
 * word of a listing (the model reads it, and the build's handshake holds one listing for all).
 */
export function price(n: number): string {
  return renderedInEnglish(() => t('notes.credits', { n }));
}

/** An integer argument as the command line's parser takes it. */
export function asOption(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** Whose an envelope is, in a few words: the author's handle and name, and followers when given. */
function authorSummary(json: unknown): string {
  const body = (json ?? {}) as { data?: { author?: Record<string, unknown> | null } | null };
  const author = body.data?.author;
  const who = typeof author?.handle === 'string' ? author.handle : t('notes.mcp.summary.unknownAccount');
  const name = typeof author?.name === 'string' ? ` (${author.name})` : '';
  const followers =
    typeof author?.followers === 'number' ? t('notes.mcp.summary.followers', counted(author.followers)) : '';
  return `${who}${name}${followers}`;
}

/** How many items an envelope carries; undefined when it carries no list. */
function itemCount(json: unknown): number | undefined {
  const items = (json as { data?: { items?: unknown } | null } | null)?.data?.items;
  return Array.isArray(items) ? items.length : undefined;
}

/**
 * What an envelope holds, in one line: `what` names what was fetched from the count of its items
 * (the profile itself, N posts, a caption track), then whose it is.
 */
export function envelopeSummary(json: unknown, what: (items: number | undefined) => string): string {
  return `${what(itemCount(json))} ${authorSummary(json)}`;
}

/** What a list holds, as a summary says it: `some` counts them ("3 rows"), `none` says there is no list ("no rows"). */
export interface ListNoun {
  some: MessageId;
  none: MessageId;
}

/** How many records a list or a batch holds, and how many failed. */
export function listSummary(noun: ListNoun, list: unknown): string {
  if (!Array.isArray(list)) return t(noun.none);
  const failed = list.filter(
    (entry) => (entry as { exit?: unknown } | null)?.exit !== undefined && (entry as { exit: unknown }).exit !== 0,
  ).length;
  return `${t(noun.some, counted(list.length))}${failed === 0 ? '' : t('notes.mcp.summary.failed', counted(failed))}`;
}

/**
 * A count for a summary's plural message: `n` picks the form, `count` is the figure as it is
 * written (digits alone, as an agent reads them, in every language).
 */
export function counted(n: number): { n: number; count: string } {
  return { n, count: String(n) };
}
