// `social profile <platform> <handle...>`: public profiles, 1 credit each, 0 on a cache hit.
// Several handles, --file or stdin make a batch (see src/runtime/batch/input.ts).

import type { Command } from 'commander';
import { PLATFORMS, type Platform } from '../../domain/platforms.js';
import type { Author, ProfileEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/http.js';
import type { Context } from '../../infra/context.js';
import type { Column, Result } from '../../output/types.js';
import type { BatchEntry } from '../../runtime/batch/batch.js';
import type { BatchFlags } from '../../runtime/batch/input.js';
import {
  addBatchOptions,
  BATCH_HELP,
  batchSource,
  dryRunBatch,
  failedRowsShown,
  parseBatchFlags,
  runEnvelopeBatch,
} from '../../runtime/batch/input.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addDryRunOption, dryRunOutcome } from '../../runtime/dry-run.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import {
  authorColumns,
  authorRecord,
  checkHandle,
  EXIT_HELP,
  envelopeCreditNote,
  parsePlatform,
  platformHelp,
} from '../shared/social-shared.js';

export interface ProfileOptions {
  platform: Platform;
  source: { file: string } | { args: string[] };
  batch: BatchFlags;
}

/** Handles given as arguments are all checked before anything is sent: one bad one refuses all. */
export function parseProfileOptions(
  platformArg: string,
  handles: readonly string[],
  raw: Record<string, string | undefined>,
): ProfileOptions {
  const platform = parsePlatform(platformArg);
  const batch = parseBatchFlags(raw);
  const source = batchSource(batch, handles);
  if ('args' in source) for (const input of source.args) checkHandle(platform, input);
  return { platform, source, batch };
}

export function profileRequest(platform: Platform, handle: string): RequestSpec<ProfileEnvelope> {
  return {
    ...routeRequest('profile', platform.name),
    query: { handle },
    loadSchema: async () => (await import('../../domain/schemas.js')).ProfileEnvelopeSchema,
  };
}

type Entry = BatchEntry<ProfileEnvelope>;

function profileColumns(platform: Platform): Column<Entry>[] {
  const author = (e: Entry): Author => e.body?.data?.author ?? EMPTY_AUTHOR;
  // The table holds only the profiles found (failures are told on stderr): no input, no error.
  return [
    { header: 'input', value: (e) => e.input, csvOnly: true },
    { header: 'platform', value: () => platform.name, csvOnly: true },
    ...authorColumns(author),
    { header: 'cached', value: (e) => e.body?.cached ?? null, kind: 'bool', csvOnly: true },
    { header: 'error', value: (e) => e.error?.message ?? null, missing: '', csvOnly: true },
  ];
}

/** What --fields takes: every column of a profile. */
const PROFILE_FIELDS: readonly string[] = profileColumns(PLATFORMS[0]!).map((c) => c.header);

const EMPTY_AUTHOR: Author = {
  id: null,
  handle: null,
  name: null,
  bio: null,
  avatar_url: null,
  followers: null,
  following: null,
  posts_count: null,
  verified: null,
  is_private: null,
  external_url: null,
  url: null,
};

/** What one profile prints: the envelope, a record of the author, a csv row. */
export function profileResult(platform: Platform, input: string, body: ProfileEnvelope): Result {
  const record = authorRecord(platform.name, body.data!.author);
  // What only --fields shows in the one-profile view, so every name of a profile works there too.
  record.fields.unshift({ label: 'input', value: input, hidden: true });
  record.fields.push(
    { label: 'cached', value: body.cached, kind: 'bool', hidden: true },
    { label: 'error', value: '', hidden: true },
  );
  return {
    json: body,
    table: [record],
    csv: { columns: profileColumns(platform), rows: [{ index: 1, input, body }] },
  };
}

export async function runProfile(options: ProfileOptions, rt: Runtime): Promise<Outcome> {
  const { platform, source } = options;
  const batch = {
    source,
    flags: options.batch,
    prepare: (input: string) => checkHandle(platform, input),
    request: (handle: string) => profileRequest(platform, handle),
  };
  if (rt.globals.dryRun) {
    if ('file' in source) return dryRunBatch(rt, batch);
    return dryRunOutcome(
      rt,
      source.args.map((input) => profileRequest(platform, checkHandle(platform, input))),
    );
  }
  if ('args' in source && source.args.length === 1) {
    const handle = checkHandle(platform, source.args[0]!);
    const { body } = await rt.spin(`fetching ${handle}`, rt.session.client.get(profileRequest(platform, handle)));
    return { result: profileResult(platform, source.args[0]!, body), notes: [envelopeCreditNote(body)] };
  }
  const columns = profileColumns(platform);
  return runEnvelopeBatch(rt, {
    ...batch,
    // Failures are told on stderr; a table shows the profiles found (and the failures when --fields
    // names error), csv a row for every input.
    rows: (entry) => (entry.body?.data || failedRowsShown(rt.globals) ? [entry] : []),
    columns,
  });
}

export function registerProfile(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('profile')
    .description('public profiles: 1 credit each, 0 on a cache hit (cached one hour)')
    .argument('<platform>', 'one of the ten platforms below')
    .argument('[handle...]', 'handles, @handles or pasted profile URLs; - reads them from stdin')
    .addHelpText(
      'after',
      `
Platforms, a handle and the profile URL form each accepts:
${platformHelp()}

Handles are trimmed, one leading @ is dropped, and a pasted profile URL is reduced to its handle
(mastodon https://host/@user becomes user@host). A mastodon handle needs its instance.
Handles given as arguments are all checked before anything is sent: a bad one costs nothing.

${BATCH_HELP}

Examples:
  social profile github octocat
  social profile mastodon https://mastodon.social/@Gargron --json
  social profile instagram natgeo ana.ceramics -o csv > profiles.csv
  social profile github --file handles.txt --max-credits 500 -o ndjson > out.ndjson

${EXIT_HELP}`,
    );
  addFieldsOption(addDryRunOption(addBatchOptions(command)), PROFILE_FIELDS).statusAction(
    async (platformArg: string, handles: string[], raw: Record<string, string | undefined>, cmd: Command) => {
      const options = parseProfileOptions(platformArg, handles, raw);
      return await runApiCommand(ctx, cmd.optsWithGlobals(), { key: true, command: 'profile' }, (rt) =>
        runProfile(options, rt),
      );
    },
  );
}
