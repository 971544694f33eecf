// `social transcript <tiktok video URL>`: the caption track of a short video. 1 credit, charged
// even when empty, and an empty answer is never retried: it cannot be told from a passing miss.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { withScheme } from '../../domain/platforms.js';
import { TIKTOK_VIDEO_URL } from '../../domain/routes.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { TRANSCRIPT_COLUMNS } from './columns.js';

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
  // A pasted address without its scheme (www.tiktok.com/@user/video/1) is the https one.
  const input = withScheme(raw.trim()) ?? raw.trim();
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
      said('errors.transcript.shortLink', { got: quoted(raw) }),
      t('errors.transcript.shortLink.hint', { example: EXAMPLE }),
    );
  }
  throw usageError(
    said('errors.transcript.notVideo', { got: quoted(raw) }),
    t('errors.transcript.notVideo.hint', { example: EXAMPLE }),
  );
}

export function declareTranscript(command: SocialCommand, ctx: Context): void {
  command.addHelpText(
    'after',
    helpAfter(
      t('commands.transcript.after'),
      examplesText([
        `social transcript ${EXAMPLE}`,
        'social transcript https://www.tiktok.com/@chef.tomas/video/7709487796665882014 -o csv',
      ]),
    ),
  );
  addFieldsOption(
    addChargeOptions(command),
    TRANSCRIPT_COLUMNS.map((c) => c.header),
  ).statusAction(async (raw: string, _options: unknown, command: Command) => {
    const url = parseVideoUrl(raw);
    return runService(ctx, command, url, async () => (await import('./run.js')).runTranscript);
  });
}
