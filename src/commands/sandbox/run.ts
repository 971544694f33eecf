// The run of `social sandbox`: the emulator started, its address and demo keys told, served until
// Ctrl-C or SIGTERM.

import { isIP } from 'node:net';
import { usageError } from '../../domain/errors.js';
import { fsReason } from '../../domain/state-file.js';
import { quoted, sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import type { MessageId } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { fitText } from '../../output/measure.js';
import { printText } from '../../output/print-text.js';
import { sandboxStateNamed, sandboxStateReason } from '../../runtime/sandbox-state.js';
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
    throw usageError(said('errors.sandbox.host', { got: quoted(raw) }), t('errors.sandbox.host.hint'));
  return raw;
}

/** Why an address could not be listened on, by the system's error code. */
const LISTEN_FAILURES: Record<string, MessageId> = {
  ENOTFOUND: 'errors.sandbox.listen.noHost',
  EAI_AGAIN: 'errors.sandbox.listen.lookUp',
  EADDRNOTAVAIL: 'errors.sandbox.listen.notHere',
  EACCES: 'errors.sandbox.listen.denied',
  EAFNOSUPPORT: 'errors.sandbox.listen.family',
};

/** "GET /api/v1/github/profile?handle=octocat 200 1 credit": one line a request. */
function servedLine(served: Served): string {
  const status = served.status === null ? t('notes.sandbox.cutOff') : String(served.status);
  const credits = t('notes.credits', { n: served.credits });
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
  const warn = (text: string) => ctx.io.stderr.write(`${t('notes.warning', { text: sanitiseLine(text) })}\n`);
  const fixed = options.now;
  const sandbox = await startSandbox({
    port: options.port,
    host: options.host,
    now: fixed ? () => fixed : undefined,
    seed: options.seed,
    statePath: options.statePath,
    stateProblems: {
      notSaved: (problem, path, error) =>
        warn(t('notes.sandbox.notSaved', { what: sandboxStateNamed(problem, path), reason: fsReason(error) })),
      movedAside: (path, aside, reason) =>
        warn(t('notes.state.movedAside', { path, reason: sandboxStateReason(reason), aside })),
    },
    faults,
    minimal: options.minimal,
    onServed: options.quiet ? undefined : (served) => ctx.io.stderr.write(`${servedLine(served)}\n`),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw usageError(
        said('errors.sandbox.portInUse', { port: String(options.port) }),
        t('errors.sandbox.portInUse.hint'),
      );
    const why = LISTEN_FAILURES[error.code ?? ''];
    if (why !== undefined)
      throw usageError(
        said('errors.sandbox.listen', { host: quoted(options.host), port: String(options.port), why: said(why) }),
      );
    throw error;
  });
  const err = ctx.io.stderr;
  if (!options.quiet) err.write(`${t('notes.sandbox.listening', { url: sandbox.url })}\n`);
  const hostname = new URL(sandbox.url).hostname;
  if (!(hostname.startsWith('127.') || hostname === '[::1]' || hostname === 'localhost')) {
    warn(t('notes.sandbox.beyondLoopback'));
  }
  if (!options.quiet) {
    err.write(`${t('notes.sandbox.demoKeys')}\n`);
    for (const key of DEMO_KEYS) err.write(`  ${key.key.padEnd(13)} ${t(key.about)}\n`);
    err.write(`${t('notes.sandbox.try', { url: sandbox.url })}\n`);
    err.write(`${t('notes.sandbox.stop')}\n`);
  }
  // The base URL is the result: a script can read it from stdout.
  printText(ctx.io.stdout, sandbox.url);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
}
