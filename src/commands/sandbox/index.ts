// `social sandbox`: serves the local emulator of the whole service until stopped.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP } from '../../runtime/command.js';
import { parseInteger } from '../../runtime/options.js';
import type { SandboxCommandOptions } from './options.js';

export function declareSandbox(command: SocialCommand, ctx: Context): void {
  command
    .option('--port <n>', 'port to listen on (0 picks a free one)', '4010')
    .option('--host <host>', 'address to listen on; loopback unless you say otherwise', '127.0.0.1')
    .option('--now <instant>', 'fix the sandbox clock at an ISO 8601 instant')
    .option('--state <file>', 'keep the ledger and cache in this file across restarts')
    .option('--seed <n>', 'seed of the generated archive and of fault draws')
    .option(
      '--minimal',
      "answer only what the spec requires: no optional fields or headers (a script's narrowest test)",
    )
    .option(
      '--faults <spec>',
      'inject faults, like "503=0.2,502=0.1,reset=0.05,latency=0.3@1500,malformed=0.05,truncated=0.05,off=movers"',
    )
    .addHelpText(
      'after',
      `
Demo keys: sbx_demo (credits to spare), sbx_empty (both wallets empty), sbx_capped (spending
ceiling reached), sbx_inactive (deactivated), sbx_quota (trends quota spent).
Each request served is a line on stderr: method, path, status, credits charged (--quiet: none).
The key is sent in the Authorization header, so it is never in the line.
Handles notfound, blocked and unavailable (bluesky notfound.bsky.social, mastodon
notfound@example.social) answer 404, 451 and 503 on every platform.

--minimal: posts, post and transcript envelopes carry only their eight required fields (no
credit fields), profile envelopes their required ones (credits_remaining kept), error bodies
their code and message (error.details null), and only the headers the spec documents
(X-RateLimit-Limit and -Remaining on trends, WWW-Authenticate on movers' 401) and Allow on a 405,
never X-Request-Id. SOCIAL_SANDBOX_MINIMAL=1 does the same for --sandbox.

Examples:
  social sandbox
  social sandbox --minimal --port 0
  social sandbox --port 0 --now 2026-11-21T12:00:00Z --state ./sandbox-state.json
  SOCIAL_BASE_URL=http://127.0.0.1:4010 SOCIAL_API_KEY=sbx_demo social profile github octocat

${EXIT_HELP}`,
    )
    .noJsonOutput()
    .statusAction(async (raw: Record<string, string | undefined>, command: Command) => {
      const options = parseSandboxOptions({ ...raw, quiet: command.optsWithGlobals().quiet ? 'yes' : undefined });
      const { runSandbox } = await import('./run.js');
      await runSandbox(options, ctx);
      // Stopped by Ctrl-C or SIGTERM: that is how a sandbox is meant to end.
      return 0;
    });
}

function parseSandboxOptions(raw: Record<string, string | undefined>): SandboxCommandOptions {
  const options: SandboxCommandOptions = {
    port: parseInteger('--port', raw.port ?? '4010', 0, 65535),
    host: raw.host ?? '127.0.0.1',
    statePath: raw.state,
    faults: raw.faults,
    // A flag: commander gives true when it is present.
    minimal: raw.minimal !== undefined,
    quiet: raw.quiet !== undefined,
  };
  if (raw.seed !== undefined) options.seed = parseInteger('--seed', raw.seed, 0, 2 ** 32 - 1);
  if (raw.now !== undefined) {
    const now = new Date(raw.now);
    if (Number.isNaN(now.getTime()))
      throw usageError(`--now ${quoted(raw.now)} is not an ISO 8601 instant`, 'For example --now 2026-11-21T12:00:00Z');
    options.now = now;
  }
  return options;
}
