// The commander program: global options and the command list. Only light modules are imported
// here; each command pulls in what it needs (HTTP client, schemas, tables, sandbox) when it runs,
// so `social --help` pays for none of it.
import { Command, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerApi } from './commands/api.js';
import { registerCompletion } from './commands/completion.js';
import { registerConfig } from './commands/config.js';
import { registerCredits } from './commands/credits.js';
import { registerMovers } from './commands/movers.js';
import { registerNiches } from './commands/niches.js';
import { registerPost } from './commands/post.js';
import { registerPosts } from './commands/posts.js';
import { registerProfile } from './commands/profile.js';
import { registerSandbox } from './commands/sandbox.js';
import { registerTranscript } from './commands/transcript.js';
import { registerTrends } from './commands/trends.js';
import type { Context } from './infra/context.js';
import { OUTPUT_FORMATS } from './output/types.js';

/** One source of truth: package.json, inlined by the build. */
export const VERSION: string = packageJson.version;

export function buildProgram(ctx: Context, done: (status: number) => void): Command {
  const program = new Command('social');
  program
    .description('Public profiles and recent posts from ten social platforms, and an hourly archive of news rankings.')
    .version(VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      writeErr: (text) => ctx.io.stderr.write(text),
    })
    .showSuggestionAfterError()
    .showHelpAfterError('(run with --help for usage)')
    .addOption(
      new Option(
        '-o, --output <format>',
        'table (default at a terminal), json (default in a pipe), ndjson or csv',
      ).choices(OUTPUT_FORMATS),
    )
    .option('--json', 'same as --output json')
    .option('-q, --quiet', 'nothing on stderr but errors')
    .option(
      '--api-key <key>',
      'API key; overrides SOCIAL_API_KEY and config (other local users can see it in the process list: prefer `social config set api-key`)',
    )
    .option('--base-url <url>', 'service address; overrides SOCIAL_BASE_URL and config')
    .option('--timeout <seconds>', 'per request (default 30)')
    .option(
      '--retries <n>',
      'retries of failures that cannot have been charged: 502, 503, refused or reset connections (default 2)',
    )
    .option('--no-color', 'no colour (also NO_COLOR; FORCE_COLOR forces it)')
    .option('--debug', 'method, URL, status, timing, request id and retries on stderr (never the key)')
    .option(
      '--strict',
      'fail (exit 11) when an answer differs from the documented shape, instead of a note on stderr (also SOCIAL_STRICT=1)',
    )
    .option('--sandbox', 'run this command against an in-process sandbox with its demo key (no key, no network)')
    .addHelpText(
      'after',
      `
Environment: SOCIAL_API_KEY, SOCIAL_BASE_URL, SOCIAL_CONFIG_DIR (config and local state).
Precedence: flag, then environment, then config file.

Try it with no key and no network:
  social --sandbox profile github octocat
  social --sandbox posts bluesky jay.bsky.team --limit 5`,
    );

  registerProfile(program, ctx, done);
  registerPosts(program, ctx, done);
  registerPost(program, ctx, done);
  registerTranscript(program, ctx, done);
  registerNiches(program, ctx, done);
  registerTrends(program, ctx, done);
  registerMovers(program, ctx, done);
  registerCredits(program, ctx, done);
  registerApi(program, ctx, done);
  registerConfig(program, ctx, done);
  registerSandbox(program, ctx);
  registerCompletion(program, ctx, done);
  return program;
}
