// `social post <at-uri | bsky.app post URL> [--computed]`: one bluesky post and its four
// counters. 1 credit.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { withScheme } from '../../domain/platforms.js';
import { AT_POST_URI } from '../../domain/routes.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import '../../messages/use-common.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { addComputedOption } from '../shared/computed-option.js';
import { POSTS_FIELDS } from '../shared/post-view.js';
import type { PostOptions } from './options.js';

const GOOD = {
  first: 'at://jay.bsky.team/app.bsky.feed.post/3n2p5d7ji25zm',
  second: 'https://bsky.app/profile/jay.bsky.team/post/3n2p5d7ji25zm',
};

/** An at:// post URI, or the bsky.app URL of the same post turned into one. */
export function parsePostUri(raw: string): string {
  const input = raw.trim();
  if (AT_POST_URI.test(input)) return input;
  let url: URL | undefined;
  try {
    url = new URL(withScheme(input) ?? input);
  } catch {
    url = undefined;
  }
  const parts = url?.pathname.split('/').filter(Boolean) ?? [];
  const host = url?.hostname.toLowerCase().replace(/^www\./, '');
  if (
    url &&
    /^https?:$/.test(url.protocol) &&
    host === 'bsky.app' &&
    parts.length === 4 &&
    parts[0] === 'profile' &&
    parts[2] === 'post'
  ) {
    const uri = `at://${decodeURIComponent(parts[1]!)}/app.bsky.feed.post/${decodeURIComponent(parts[3]!)}`;
    if (AT_POST_URI.test(uri)) return uri;
  }
  throw usageError(
    said('errors.post.notPost', { got: quoted(raw) }),
    t('errors.post.notPost.hint', { example: t('common.or', GOOD) }),
  );
}

export function declarePost(command: SocialCommand, ctx: Context): void {
  command.addHelpText(
    'after',
    helpAfter(
      `${t('commands.post.after')}\n\n${t('commands.engagement')}`,
      examplesText([
        'social post at://jay.bsky.team/app.bsky.feed.post/3n2p5d7ji25zm',
        'social post https://bsky.app/profile/jay.bsky.team/post/3n2p5d7ji25zm --json',
        `social post at://jay.bsky.team/app.bsky.feed.post/3n2p5d7ji25zm --computed --json | jq '.data.items[0].computed'`,
      ]),
    ),
  );
  addComputedOption(command);
  addFieldsOption(addChargeOptions(command), ...POSTS_FIELDS).statusAction(
    async (raw: string, _options: unknown, command: Command) => {
      const options: PostOptions = { uri: parsePostUri(raw), computed: command.opts().computed === true };
      return runService(ctx, command, options, async () => (await import('./run.js')).runPost);
    },
  );
}
