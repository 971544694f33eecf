// `social transcript <tiktok video URL>`: the caption track of a short video. 1 credit, charged
// even when empty, and an empty answer is never retried: it cannot be told from a passing miss.

import type { Command } from 'commander';
import { credits } from '../domain/archive/notes.js';
import { usageError } from '../domain/errors.js';
import type { TranscriptEnvelope } from '../domain/schemas.js';
import type { RequestSpec } from '../infra/client/http.js';
import type { Context } from '../infra/context.js';
import type { Column, Result } from '../output/types.js';
import type { SocialCommand } from './command.js';
import { addDryRunOption, dryRunOutcome } from './dry-run.js';
import { addFieldsOption } from './fields.js';
import { routeRequest } from './route-request.js';
import type { Outcome, Runtime } from './runner.js';
import { runApiCommand } from './runner.js';
import { EXIT_HELP, envelopeCreditNote } from './social-shared.js';

const EXAMPLE = 'https://www.tiktok.com/@khaby.lame/video/7709944975611180515';

const SHORT_LINK_HOSTS = ['vm.tiktok.com', 'vt.tiktok.com'];

export function parseVideoUrl(raw: string): string {
  const input = raw.trim();
  let url: URL | undefined;
  try {
    url = new URL(input);
  } catch {
    url = undefined;
  }
  const host = url?.hostname.toLowerCase() ?? '';
  // A short link is a redirect to the video: the route takes the video's own URL and refuses it.
  if (url && SHORT_LINK_HOSTS.includes(host)) {
    throw usageError(
      `${JSON.stringify(raw)} is a short link, which the transcript route does not take`,
      `Open it in a browser and paste the full video URL it leads to, like ${EXAMPLE}`,
    );
  }
  if (url && /^https?:$/.test(url.protocol) && (host === 'tiktok.com' || host.endsWith('.tiktok.com'))) return input;
  throw usageError(
    `${JSON.stringify(raw)} is not a tiktok video URL`,
    `Give the http(s) URL of the video, like ${EXAMPLE}`,
  );
}

interface Segment {
  start: number | null;
  end: number | null;
  text: unknown;
}

/**
 * Element shape is not shown by the spec (the sandbox sends {start, end, text}). Nothing is
 * dropped: a bare string is a line; an object's line is its `text`, else its first text field,
 * else the whole element as sent; start and end are read when they are numbers of seconds.
 */
function segments(items: readonly unknown[]): Segment[] {
  return items.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return { start: null, end: null, text: item };
    const record = item as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const text =
      typeof record.text === 'string'
        ? record.text
        : (Object.values(record).find((v) => typeof v === 'string') ?? item);
    return { start: num(record.start), end: num(record.end), text };
  });
}

function clock(seconds: number | null): string | null {
  if (seconds === null) return null;
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const TRANSCRIPT_COLUMNS: Column<Segment>[] = [
  { header: 'at', value: (s) => clock(s.start), tableOnly: true },
  { header: 'start', value: (s) => s.start, kind: 'integer', csvOnly: true },
  { header: 'end', value: (s) => s.end, kind: 'integer', csvOnly: true },
  { header: 'text', value: (s) => s.text, fit: 'free' },
];

export function transcriptResult(envelope: TranscriptEnvelope): Result {
  const rows = segments(envelope.data?.items ?? []);
  const columns = TRANSCRIPT_COLUMNS;
  return {
    json: envelope,
    table: [{ columns, rows, empty: 'No caption track: the platform generated none for this video.' }],
    csv: { columns, rows },
  };
}

export function transcriptRequest(url: string): RequestSpec<TranscriptEnvelope> {
  return {
    ...routeRequest('transcript', 'tiktok'),
    query: { url },
    loadSchema: async () => (await import('../domain/schemas.js')).TranscriptEnvelopeSchema,
  };
}

export async function runTranscript(url: string, rt: Runtime): Promise<Outcome> {
  const request = transcriptRequest(url);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  const { body } = await rt.spin('fetching the transcript', rt.session.client.get(request));
  const empty = (body.data?.items?.length ?? 0) === 0;
  return {
    result: transcriptResult(body),
    notes: [envelopeCreditNote(body)],
    // Said whatever the terminal: a script should know it paid for nothing.
    warnings: empty
      ? [
          `no caption track for this video; the call was charged ${credits(body.credits_used)} all the same, and is not retried`,
        ]
      : [],
  };
}

export function registerTranscript(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('transcript')
    .description('caption track of a tiktok video: 1 credit, charged even when there is none')
    .argument('<url>', 'the video URL, on a tiktok host')
    .addHelpText(
      'after',
      `
Most videos have no caption track: the answer is then empty, exit status 0, and 1 credit is
charged all the same. social never retries an empty answer.

Examples:
  social transcript ${EXAMPLE}
  social transcript https://www.tiktok.com/@chef.tomas/video/7709487796665882014 -o csv

${EXIT_HELP}`,
    );
  addFieldsOption(
    addDryRunOption(command),
    TRANSCRIPT_COLUMNS.map((c) => c.header),
  ).statusAction(async (raw: string, _options: unknown, command: Command) => {
    const url = parseVideoUrl(raw);
    return await runApiCommand(ctx, command.optsWithGlobals(), { key: true, command: 'transcript' }, (rt) =>
      runTranscript(url, rt),
    );
  });
}
