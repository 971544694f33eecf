// `social transcript <tiktok video URL>`: the caption track of a short video. 1 credit, charged
// even when empty, and an empty answer is never retried: it cannot be told from a passing miss.

import type { Command } from 'commander';
import { credits } from '../../domain/archive/notes.js';
import { usageError } from '../../domain/errors.js';
import { TIKTOK_VIDEO_URL } from '../../domain/routes.js';
import type { TranscriptEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/http.js';
import type { Context } from '../../infra/context.js';
import type { Column, Result } from '../../output/types.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addDryRunOption, dryRunOutcome } from '../../runtime/dry-run.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import { EXIT_HELP, envelopeCreditNote } from '../shared/social-shared.js';

const EXAMPLE = 'https://www.tiktok.com/@khaby.lame/video/7709944975611180515';

const SHORT_LINK_HOSTS = ['vm.tiktok.com', 'vt.tiktok.com'];

/** A link that leads to a video without being its URL: vm.tiktok.com/…, tiktok.com/t/…, m.tiktok.com/v/….html. */
function isShareLink(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (SHORT_LINK_HOSTS.includes(host)) return true;
  return (host === 'tiktok.com' || host.endsWith('.tiktok.com')) && /^\/(?:t|v)\//.test(url.pathname);
}

/**
 * The video URL as the transcript route takes it (its `url` pattern in the route table, the same
 * the sandbox applies): every other form is refused by the service, so it is refused here, before
 * anything is sent or charged.
 */
export function parseVideoUrl(raw: string): string {
  const input = raw.trim();
  if (TIKTOK_VIDEO_URL.test(input)) return input;
  let url: URL | undefined;
  try {
    url = new URL(input);
  } catch {
    url = undefined;
  }
  // A short or share link redirects to the video: the route takes the video's own URL.
  if (url && /^https?:$/.test(url.protocol) && isShareLink(url)) {
    throw usageError(
      `${JSON.stringify(raw)} is a short link, which the transcript route does not take`,
      `Open it in a browser and paste the full video URL it leads to, like ${EXAMPLE}`,
    );
  }
  throw usageError(
    `${JSON.stringify(raw)} is not a tiktok video URL`,
    `Give the video's own URL, https://www.tiktok.com/@<user>/video/<id>, like ${EXAMPLE}`,
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
  return {
    json: envelope,
    table: [
      { columns: TRANSCRIPT_COLUMNS, rows, empty: 'No caption track: the platform generated none for this video.' },
    ],
    csv: { columns: TRANSCRIPT_COLUMNS, rows },
  };
}

export function transcriptRequest(url: string): RequestSpec<TranscriptEnvelope> {
  return {
    ...routeRequest('transcript', 'tiktok'),
    query: { url },
    loadSchema: async () => (await import('../../domain/schemas.js')).TranscriptEnvelopeSchema,
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
    .argument('<url>', "the video's own URL: https://www.tiktok.com/@<user>/video/<id> (not a short link)")
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
