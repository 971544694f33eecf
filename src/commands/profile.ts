// `social profile <platform> <handle...>`: public profiles, 1 credit each, 0 on a cache hit.
import type { Command } from 'commander';
import type { RequestSpec } from '../client/http.js';
import type { Context } from '../context.js';
import { addDryRunOption, dryRunOutcome } from '../dry-run.js';
import { EXIT, SocialError, exitStatus, usageError } from '../errors.js';
import type { Platform } from '../platforms.js';
import { normaliseHandle } from '../platforms.js';
import type { Result } from '../output/types.js';
import type { Outcome, Runtime } from '../run.js';
import { runApiCommand } from '../run.js';
import type { ProfileEnvelope } from '../schemas.js';
import { sanitiseLine } from '../text.js';
import { EXIT_HELP, authorColumns, authorRecord, envelopeCreditNote, parsePlatform, platformHelp } from './social-shared.js';

export interface ProfileOptions {
  platform: Platform;
  inputs: Array<{ input: string; handle: string }>;
}

/** Every handle is checked before anything is sent: one bad handle refuses the whole command. */
export function parseProfileOptions(platformArg: string, handles: readonly string[]): ProfileOptions {
  const platform = parsePlatform(platformArg);
  const inputs = handles.map((input) => {
    const checked = normaliseHandle(platform, input);
    if (!checked.ok) throw usageError(checked.reason);
    return { input, handle: checked.handle };
  });
  if (inputs.length === 0) throw usageError('give at least one handle');
  return { platform, inputs };
}

interface Entry {
  input: string;
  envelope?: ProfileEnvelope;
  error?: SocialError;
}

export async function profileRequest(platform: Platform, handle: string): Promise<RequestSpec<ProfileEnvelope>> {
  const { ProfileEnvelopeSchema } = await import('../schemas.js');
  return { path: `/api/v1/${platform.name}/profile`, query: { handle }, schema: ProfileEnvelopeSchema, shape: 'envelope', auth: true, cost: 1 };
}

async function fetchProfile(rt: Runtime, platform: Platform, handle: string): Promise<ProfileEnvelope> {
  return (await rt.session.client.get(await profileRequest(platform, handle))).body;
}

export async function runProfile(options: ProfileOptions, rt: Runtime): Promise<Outcome> {
  const { platform, inputs } = options;
  if (rt.globals.dryRun) return dryRunOutcome(rt, await Promise.all(inputs.map((i) => profileRequest(platform, i.handle))));
  if (inputs.length === 1) {
    const only = inputs[0]!;
    const envelope = await rt.spin(`fetching ${only.handle}`, fetchProfile(rt, platform, only.handle));
    return { result: profileResult(platform, [{ input: only.input, envelope }]), notes: [envelopeCreditNote(envelope)] };
  }
  const entries: Entry[] = [];
  for (const { input, handle } of inputs) {
    try {
      entries.push({ input, envelope: await rt.spin(`fetching ${handle}`, fetchProfile(rt, platform, handle)) });
    } catch (error) {
      if (!(error instanceof SocialError) || error.kind === 'interrupted') throw error;
      entries.push({ input, error });
      if (!rt.globals.quiet) rt.ctx.io.stderr.write(`${sanitiseLine(input)}: ${sanitiseLine(error.message)}\n`);
    }
  }
  const failed = entries.filter((e) => e.error !== undefined).length;
  const used = entries.reduce((sum, e) => sum + (e.envelope?.credits_used ?? 0), 0);
  const last = [...entries].reverse().find((e) => e.envelope)?.envelope;
  const remaining = last?.credits_remaining ?? null;
  const notes = [`${entries.length} profiles, ${failed} failed · ${used} credit${used === 1 ? '' : 's'} used · ${remaining === null ? 'unknown' : remaining.toLocaleString('en-US')} remaining`];
  return { result: profileResult(platform, entries), notes, status: failed > 0 ? EXIT.partial : EXIT.ok };
}

/** One line per input for batch output: names its input, says how it ended, carries the server body. */
export function batchLine(entry: Entry): Record<string, unknown> {
  return {
    input: entry.input,
    exit: entry.error ? exitStatus(entry.error) : EXIT.ok,
    error: entry.error ? { kind: entry.error.kind, code: entry.error.details.code ?? null, message: entry.error.message } : null,
    body: entry.envelope ?? entry.error?.details.body ?? null,
  };
}

export function profileResult(platform: Platform, entries: Entry[]): Result {
  const found = entries.filter((e): e is Entry & { envelope: ProfileEnvelope } => e.envelope?.data != null);
  const csv = {
    columns: [
      { header: 'input', value: (e: (typeof found)[number]) => e.input },
      { header: 'platform', value: () => platform.name },
      ...authorColumns((e: (typeof found)[number]) => e.envelope.data!.author),
      { header: 'cached', value: (e: (typeof found)[number]) => e.envelope.cached },
    ],
    rows: found,
  };
  const single = entries.length === 1 ? entries[0]?.envelope : undefined;
  return {
    json: single ?? entries.map(batchLine),
    ndjson: entries.map(batchLine),
    table:
      single?.data != null
        ? [authorRecord(platform.name, single.data.author)]
        : [{ ...csv, columns: csv.columns.filter((c) => c.header !== 'platform' && c.header !== 'cached'), empty: 'No profiles.' }],
    csv,
  };
}

export function registerProfile(program: Command, ctx: Context, done: (status: number) => void): void {
  const command = program
    .command('profile')
    .description('public profiles: 1 credit each, 0 on a cache hit (cached one hour)')
    .argument('<platform>', 'one of the ten platforms below')
    .argument('<handle...>', 'handles, @handles or pasted profile URLs')
    .addHelpText(
      'after',
      `
Platforms, a handle and the profile URL form each accepts:
${platformHelp()}

Handles are trimmed, one leading @ is dropped, and a pasted profile URL is reduced to its handle
(mastodon https://host/@user becomes user@host). A mastodon handle needs its instance.
Every handle is checked before anything is sent: a bad one costs nothing.

With several handles, json prints an array and ndjson a line per input:
{"input", "exit", "error", "body"}; the exit status is 12 when some failed.

Examples:
  social profile github octocat
  social profile mastodon https://mastodon.social/@Gargron --json | jq .data.author.followers
  social profile instagram natgeo nasa -o csv > profiles.csv

${EXIT_HELP}`,
    );
  addDryRunOption(command).action(async (platformArg: string, handles: string[], _options: unknown, command: Command) => {
      const options = parseProfileOptions(platformArg, handles);
      done(await runApiCommand(ctx, command.optsWithGlobals(), { key: true, command: 'profile' }, (rt) => runProfile(options, rt)));
    });
}
