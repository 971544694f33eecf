// The run of `social sandbox`: the emulator started, its address and demo keys told, served until
// Ctrl-C or SIGTERM.

import { isIP } from 'node:net';
import { usageError } from '../../domain/errors.js';
import { fsReason } from '../../domain/state-file.js';
import { plural, quoted, sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { fitText } from '../../output/measure.js';
import { printText } from '../../output/print-text.js';
import type { Served } from '../../sandbox/index.js';
import type { SandboxCommandOptions } from './options.js';

/**
 * An address to listen on: an IP address, or a host name (letters, digits, hyphens, dots; its
 * last label not all digits, so 0.0.0.0.0 is not taken for a name). Whether it is this machine's
 * is known only when listening (refused then, also exit 2). Checked here, not in index.ts, so
 * node:net is loaded only by this command.
 */
function parseHost(raw: string): string {
  if (isIP(raw) !== 0) return raw;
  const name = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
  if (!name.test(raw) || /(?:^|\.)\d+$/.test(raw))
    throw usageError(
      `--host ${quoted(raw)} is not an address to listen on`,
      'Give an IP address (127.0.0.1, ::1, 0.0.0.0 for every interface) or a host name of this machine (localhost).',
    );
  return raw;
}

const LISTEN_FAILURES: Record<string, string> = {
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  EADDRNOTAVAIL: 'not an address of this machine',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EAFNOSUPPORT: 'this machine does not support that address family',
};

/** "GET /api/v1/github/profile?handle=octocat 200 1 credit": one line a request. */
function servedLine(served: Served): string {
  const status = served.status === null ? 'cut off' : String(served.status);
  const credits = `${served.credits} ${plural(served.credits, 'credit')}`;
  return sanitiseLine(`${served.method} ${fitText(served.path, PATH_SHOWN).text} ${status} ${credits}`);
}

const PATH_SHOWN = 200;

export async function runSandbox(options: SandboxCommandOptions, ctx: Context): Promise<void> {
  parseHost(options.host);
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
    onServed: options.quiet ? undefined : (served) => ctx.io.stderr.write(`${servedLine(served)}\n`),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw usageError(`port ${options.port} is in use`, 'Pick another with --port, or --port 0 for a free one.');
    const why = LISTEN_FAILURES[error.code ?? ''];
    if (why !== undefined) throw usageError(`cannot listen on ${quoted(options.host)} port ${options.port}: ${why}`);
    throw error;
  });
  const err = ctx.io.stderr;
  if (!options.quiet) err.write(`social sandbox listening on ${sandbox.url}\n`);
  const hostname = new URL(sandbox.url).hostname;
  if (!(hostname.startsWith('127.') || hostname === '[::1]' || hostname === 'localhost')) {
    err.write('warning: listening beyond loopback; anyone who can reach this address can use it.\n');
  }
  if (!options.quiet) {
    err.write('demo keys:\n');
    for (const key of DEMO_KEYS) err.write(`  ${key.key.padEnd(13)} ${key.about}\n`);
    err.write(`try: SOCIAL_BASE_URL=${sandbox.url} SOCIAL_API_KEY=sbx_demo social profile github octocat\n`);
    err.write('press Ctrl-C to stop\n');
  }
  // The base URL is the result: a script can read it from stdout.
  printText(ctx.io.stdout, sandbox.url);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
}
