// `social posts <platform> <handle> [--limit N]`: recent posts written by the account, on
// bluesky, mastodon and threads. 1 credit; no deep pagination exists.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Platform } from '../../domain/platforms.js';
import { integerParam, route, routePlatforms } from '../../domain/routes.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import {
  addBatchOptions,
  batchDryRunHelp,
  batchHelp,
  batchSource,
  parseBatchFlags,
  withRecordFields,
} from '../../runtime/batch/flags.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseParam } from '../../runtime/options.js';
import { addComputedOption } from '../shared/computed-option.js';
import { POSTS_FIELDS } from '../shared/post-view.js';
import { checkHandle, parsePlatform, platformHelp } from '../shared/social-shared.js';
import type { PostsOptions } from './options.js';

export function parsePostsOptions(
  platformArg: string,
  handleArg: string | undefined,
  raw: Record<string, string | undefined>,
  computed: boolean,
): PostsOptions {
  const platform = parsePlatform(platformArg, routePlatforms('posts'), 'posts');
  const batch = parseBatchFlags(raw);
  const source = batchSource(batch, handleArg === undefined ? [] : [handleArg]);
  if ('args' in source) for (const input of source.args) checkHandle(platform, input);
  const limitArg = raw.limit;
  const range = integerParam(route('posts'), 'limit', platform);
  if (limitArg !== undefined && range === undefined) {
    throw usageError(said('errors.posts.noLimit', { platform: platform.name }));
  }
  const limit = limitArg === undefined || range === undefined ? undefined : parseParam('--limit', limitArg, range);
  return { platform, source, batch, limit, computed };
}

/** "bluesky 1..100 (default 25), mastodon 1..40 (default 20); threads takes none", from the route table. */
function limitHelp(platforms: Platform[]): string {
  const ranged: string[] = [];
  const none: string[] = [];
  for (const platform of platforms) {
    const limit = integerParam(route('posts'), 'limit', platform);
    if (limit === undefined) none.push(platform.name);
    else
      ranged.push(
        t('commands.posts.limit.range', {
          platform: platform.name,
          min: String(limit.min),
          max: String(limit.max),
          default: String(limit.default),
        }),
      );
  }
  return none.length === 0
    ? ranged.join(', ')
    : `${ranged.join(', ')}; ${t('commands.posts.limit.none', { platforms: none.join(', ') })}`;
}

export function declarePosts(command: SocialCommand, ctx: Context): void {
  const platforms = routePlatforms('posts');
  command
    .option('--limit <n>', limitHelp(platforms))
    .addHelpText(
      'after',
      helpAfter(
        `${t('commands.platforms')}\n${platformHelp(platforms)}\n\n${t('commands.posts.after')}\n\n${t('commands.engagement')}\n\n${batchHelp()}`,
        examplesText([
          'social posts bluesky jay.bsky.team --limit 10',
          'social posts mastodon Gargron@mastodon.social -o csv > toots.csv',
          `social posts threads zuck --json | jq '.data.items[].metrics.likes'`,
          'social posts bluesky jay.bsky.team --computed -o ndjson | jq .computed',
        ]),
      ),
    );
  addComputedOption(command);
  addFieldsOption(
    addChargeOptions(addBatchOptions(command), batchDryRunHelp()),
    ...withRecordFields(POSTS_FIELDS),
  ).statusAction(
    async (
      platformArg: string,
      handle: string | undefined,
      raw: Record<string, string | undefined>,
      command: Command,
    ) => {
      const options = parsePostsOptions(platformArg, handle, raw, command.opts().computed === true);
      return runService(ctx, command, options, async () => (await import('./run.js')).runPosts);
    },
  );
}
