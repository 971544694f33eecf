// The run of `social sandbox`: the emulator started, its address and demo keys told, served until
// Ctrl-C or SIGTERM.

import { usageError } from '../../domain/errors.js';
import { fsReason } from '../../domain/state-file.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { printText } from '../../output/print.js';
import type { SandboxCommandOptions } from './index.js';

export async function runSandbox(options: SandboxCommandOptions, ctx: Context): Promise<void> {
  const { DEMO_KEYS, parseFaults, startSandbox } = await import('../../sandbox/index.js');
  let faults: ReturnType<typeof parseFaults> | undefined;
  try {
    faults = options.faults === undefined ? undefined : parseFaults(options.faults);
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const fixed = options.now;
  const sandbox = await startSandbox({
    port: options.port,
    host: options.host,
    now: fixed ? () => fixed : undefined,
    seed: options.seed,
    statePath: options.statePath,
    stateProblems: {
      notSaved: (what, error) =>
        ctx.io.stderr.write(`warning: ${sanitiseLine(`${what} not saved, kept in memory: ${fsReason(error)}`)}\n`),
      movedAside: (path, aside, reason) =>
        ctx.io.stderr.write(
          `warning: ${sanitiseLine(`${path} was ${reason}: moved aside to ${aside}; starting afresh`)}\n`,
        ),
    },
    faults,
    minimal: options.minimal,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw usageError(`port ${options.port} is in use`, 'Pick another with --port, or --port 0 for a free one.');
    throw error;
  });
  const err = ctx.io.stderr;
  err.write(`social sandbox listening on ${sandbox.url}\n`);
  const hostname = new URL(sandbox.url).hostname;
  if (!(hostname.startsWith('127.') || hostname === '[::1]' || hostname === 'localhost')) {
    err.write('warning: listening beyond loopback; anyone who can reach this address can use it.\n');
  }
  err.write('demo keys:\n');
  for (const key of DEMO_KEYS) err.write(`  ${key.key.padEnd(13)} ${key.about}\n`);
  err.write(`try: SOCIAL_BASE_URL=${sandbox.url} SOCIAL_API_KEY=sbx_demo social profile github octocat\n`);
  err.write('press Ctrl-C to stop\n');
  // The base URL is the result: a script can read it from stdout.
  printText(ctx.io.stdout, sandbox.url);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
}
