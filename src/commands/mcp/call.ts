// One tool call of `social mcp`: the command's own run, in-process, in a context of buffers, under
// the session's guards. Its arguments become the command's options through the command line's own
// checks (a bad one is refused, nothing sent); the run is given the session's budget as the
// client's refusal and its charge records as a listener beside the ledger's; what it printed in
// json is the result's structured content. A failure is a tool error (isError) with its code, the
// sentence the CLI prints and what was charged: never a failure of the server.
import { credits } from '../../domain/archive/notes.js';
import { EXIT, exitStatus, localMessage, SocialError } from '../../domain/errors.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { inEnglish } from '../../messages/catalogue.js';
import '../../messages/use-entry.js';
import { said } from '../../messages/use-errors.js';
import { t } from '../../messages/use-notes.js';
import { formatJson } from '../../output/json.js';
import { bufferedContext } from '../../runtime/buffered-context.js';
import type { RawGlobals } from '../../runtime/globals.js';
import { runLocalCommand } from '../../runtime/local.js';
import { runApiCommand } from '../../runtime/runner.js';
import type { Session } from '../../runtime/session.js';
import type { AnyTool } from '../../runtime/tool-declaration.js';
import { type CallCharge, CallMeter, type SessionBudget } from './session-budget.js';

/** What every call of one server shares: set when it starts. */
export interface ServerSettings {
  /** The process's context: its environment, clock, stderr. */
  ctx: Context;
  /** The global options `social mcp` was started with (key, base URL, --sandbox, timeouts...). */
  raw: RawGlobals;
  budget: SessionBudget;
  /** --confirm-above: a call that may cost more asks first. */
  confirmAbove: number | undefined;
  /** --dry-run: every call answers with its plan. */
  dryRun: boolean;
  /** --read-only: only the free tools are listed. */
  readOnly: boolean;
  /** The one session every call uses (its client, ledger and ceiling; the sandbox with --sandbox). */
  session: Session;
  /** Why paid calls cannot be made (no key configured), when they cannot. */
  noKey: SocialError | undefined;
  /** Runs `run` as the call `meter` counts: the requests it sends are reserved and settled by it. */
  metered: <T>(meter: CallMeter, run: () => Promise<T>) => Promise<T>;
  /** Lines said once already (the session's drift note): not passed on again. */
  told: Set<string>;
  /** Calls under way: the server waits for them before it ends. */
  underWay: Set<Promise<unknown>>;
}

/** A tool's result, as MCP has it. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta: Record<string, unknown>;
}

/** The plan of a call answered from the local store, as --dry-run prints a plan: nothing to send. */
const STORE_PLAN = { dry_run: true, requests: [], max_credits: 0 };

/** What the run printed in json, as a value (null for nothing). */
function parsed(printed: string): unknown {
  return printed.trim() === '' ? null : JSON.parse(printed);
}

/** Runs `tool` with `args`; with `plan`, only its plan and most possible cost (--dry-run, quote). */
export async function callTool(
  tool: AnyTool,
  args: Record<string, unknown>,
  settings: ServerSettings,
  signal: AbortSignal,
  plan = settings.dryRun,
): Promise<ToolResult> {
  const meter = new CallMeter(settings.budget, `mcp ${tool.name}`, !tool.free);
  const run = (async () => {
    let options: unknown;
    try {
      options = tool.options(args, settings.ctx.now());
      if (tool.from === 'service' && tool.key && settings.noKey !== undefined) throw settings.noKey;
    } catch (error) {
      return failure(tool, error, meter.charge, settings, '');
    }
    // A tool answered from the local store sends nothing: its plan is that.
    if (plan && tool.from === 'store') return success(tool, STORE_PLAN, EXIT.ok, meter.charge, settings, '');
    const buffers = bufferedContext(settings.ctx, signal);
    const raw: RawGlobals = { ...settings.raw, output: 'json', json: undefined, jq: undefined, dryRun: plan };
    let status: number;
    try {
      if (tool.from === 'store') {
        const command = await tool.run();
        status = await runLocalCommand(buffers.ctx, raw, { write: false }, (rt) => command(options, rt));
      } else {
        const command = await tool.run();
        const needs = { key: tool.key, command: 'mcp', shared: settings.session };
        status = await settings.metered(meter, () =>
          runApiCommand(buffers.ctx, raw, needs, (rt) => command(options, rt)),
        );
      }
    } catch (error) {
      return failure(tool, error, meter.charge, settings, passedOn(buffers.stderr(), settings));
    } finally {
      meter.end();
    }
    const notes = passedOn(buffers.stderr(), settings);
    // The result as the run handed it over; a batch's records, which it streams, as it printed them.
    const printed = buffers.document() ?? { value: parsed(buffers.stdout()) };
    return success(tool, printed.value, status, meter.charge, settings, notes);
  })();
  settings.underWay.add(run);
  try {
    return await run;
  } finally {
    settings.underWay.delete(run);
  }
}

/**
 * What the run said on stderr, passed on to the server's stderr (the session's drift note once);
 * the lines, for the result.
 */
function passedOn(stderr: string, settings: ServerSettings): string {
  const lines = stderr.split('\n').filter((line) => line !== '');
  const drift = settings.session.client.driftNote();
  for (const line of lines) {
    if (drift !== undefined && line === sanitiseLine(drift)) {
      if (settings.told.has(line)) continue;
      settings.told.add(line);
    }
    settings.ctx.io.stderr.write(`${t('notes.mcp.said', { line: sanitiseLine(line) })}\n`);
  }
  return lines.join('\n');
}

function meta(charge: CallCharge, settings: ServerSettings): Record<string, unknown> {
  const budget = settings.budget;
  return { ...charge, session_spent: budget.spent, session_left: budget.left() ?? null };
}

function success(
  tool: AnyTool,
  json: unknown,
  status: number,
  charge: CallCharge,
  settings: ServerSettings,
  notes: string,
): ToolResult {
  const structured =
    json !== null && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : { records: json };
  const summary =
    (json as { dry_run?: unknown } | null)?.dry_run === true ? planSummary(json, settings.budget) : tool.summary(json);
  const lines = [`${summary}; ${chargeSentence(charge)}`, ...(notes === '' ? [] : [notes])];
  return {
    content: [
      { type: 'text', text: lines.join('\n') },
      { type: 'text', text: formatJson(json, false) },
    ],
    structuredContent: structured,
    ...(status === EXIT.ok || status === EXIT.partial ? {} : { isError: true }),
    _meta: meta(charge, settings),
  };
}

/**
 * A dry run's plan in a line: what it would send and the most it could cost, and what the session's
 * budget would make of the real call. A plan of requests says whether the budget would refuse
 * them, as the call would be refused (nothing sent). A batch's plan (a profile of several handles)
 * lists no requests: it counts its inputs, the valid ones, and (with --max-age) those the local
 * store would answer, and its most is capped at what the budget has left: past it, the inputs
 * would be held back.
 */
function planSummary(json: unknown, budget: SessionBudget): string {
  const plan = json as {
    requests?: unknown[];
    inputs?: number;
    valid?: number;
    from_store?: number;
    max_credits?: number | null;
    max_credits_without_budget?: number | null;
  };
  const most = priceText(plan.max_credits);
  if (plan.requests !== undefined) {
    const line = t('notes.mcp.plan', { n: plan.requests.length, most });
    // A plan with no request (a store tool's) sends nothing the budget could refuse.
    const refusal = plan.requests.length === 0 ? undefined : budget.refusal(plan.max_credits ?? null);
    return refusal === undefined ? line : t('notes.mcp.plan.refused', { plan: line, why: localMessage(refusal) });
  }
  const without = plan.max_credits_without_budget;
  const capped = typeof plan.max_credits === 'number' && typeof without === 'number' && without > plan.max_credits;
  return t('notes.mcp.batchPlan', {
    inputs: t('notes.inputs', { n: plan.inputs ?? 0 }),
    valid: t('notes.mcp.batchPlan.valid', { n: plan.valid ?? 0 }),
    stored: plan.from_store === undefined ? '' : t('notes.mcp.batchPlan.stored', { n: plan.from_store }),
    most: capped
      ? t('notes.mcp.batchPlan.capped', { n: plan.max_credits ?? 0, most, without: priceText(without) })
      : most,
  });
}

/** A most possible cost in words: its credits, or that its price is not known. */
function priceText(most: number | null | undefined): string {
  return most === null || most === undefined ? t('notes.mcp.priceUnknown') : credits(most);
}

function failure(
  tool: AnyTool,
  error: unknown,
  charge: CallCharge,
  settings: ServerSettings,
  notes: string,
): ToolResult {
  if (!(error instanceof SocialError)) {
    const message = error instanceof Error ? error.message : String(error);
    settings.ctx.io.stderr.write(`${t('notes.mcp.unexpected', { tool: tool.name, message: sanitiseLine(message) })}\n`);
    error = new SocialError('unexpected', said('entry.unexpected', { message }));
  }
  const failed = error as SocialError;
  const code = failed.details.code ?? failed.kind;
  // The text is what a person reads (in the run's language); the structured content is what a
  // script reads, in English whatever the language, as json output is.
  const sentence = t('entry.errorCode', { code: sanitiseLine(code), message: sanitiseLine(localMessage(failed)) });
  const suggestion = failed.details.suggestion?.split('\n').map(sanitiseLine).join('\n');
  const lines = [sentence, ...(suggestion ? [suggestion] : []), chargeSentence(charge), ...(notes ? [notes] : [])];
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: {
      error: {
        kind: failed.kind,
        code,
        message: failed.message,
        suggestion: failed.details.suggestion === undefined ? null : inEnglish(failed.details.suggestion),
        exit: exitStatus(failed),
        status: failed.details.status ?? null,
        request_id: failed.details.requestId ?? null,
      },
      body: failed.details.body ?? null,
      charged: charge.credits_charged,
      uncertain: charge.uncertain,
    },
    isError: true,
    _meta: meta(charge, settings),
  };
}

/** Whether anything was charged, in words. */
function chargeSentence(charge: CallCharge): string {
  if (charge.requests === 0) return t('notes.mcp.nothingSent');
  const n = charge.credits_charged;
  if (charge.uncertain) return t('notes.mcp.maybeCharged', { n });
  return n === 0 ? t('notes.mcp.nothingCharged') : t('notes.mcp.charged', { n });
}
