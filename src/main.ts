// Entry point: argv in, exit status out. Nothing here or below calls process.exit; the bin sets
// the exit code. Errors of every kind are reported and turned into statuses here and only here.
import { CommanderError } from 'commander';
import { chargeOptionsAfterWord, languageAsked } from './argv-order.js';
import { EXIT, exitStatus, localMessage, SocialError } from './domain/errors.js';
import { interruptedStatus } from './domain/signals.js';
import { isFsError } from './domain/state-file.js';
import { sanitiseLine } from './domain/text.js';
import { helpWidth, wrapHelp } from './help/wrap.js';
import type { Context } from './infra/context.js';
import { useLanguage } from './messages/registry.js';
import { t } from './messages/use-entry.js';
import { buildProgram } from './program.js';
import { outputFailureText, type Saved } from './runtime/unwritten.js';

// What the bin needs besides main.
export { interruptedStatus } from './domain/signals.js';
export { systemContext } from './infra/context.js';
export { outputFailureReported, saveUnwritten } from './runtime/unwritten.js';

/** The bin's line for an output that could not be written, in the run's language. */
export function outputFailedLine(reason: string, saved: Saved | undefined): string {
  return `${t('entry.error', { message: outputFailureText(reason, saved) })}\n`;
}

export async function main(argv: readonly string[], ctx: Context): Promise<number> {
  // The language first: the program's help is written in it. --lang over the environment's choice.
  ctx.language = languageAsked(argv) ?? ctx.language;
  await useLanguage(ctx.language);
  const program = buildProgram(ctx);
  let status: number = EXIT.unexpected;
  try {
    await program.parseAsync(chargeOptionsAfterWord(argv, program), { from: 'user' });
    status = program.exitStatus;
  } catch (error) {
    status = await report(error, ctx, argv.includes('--debug'));
  } finally {
    const isCommand = (word: string) =>
      program.commands.some((command) => command.name() === word || command.aliases().includes(word));
    ctx.codeCache.runFinished(isCommand, status === EXIT.usage);
  }
  return status;
}

async function report(error: unknown, ctx: Context, debug: boolean): Promise<number> {
  if (error instanceof CommanderError) {
    // Commander has already printed its own message (to our stderr) for usage errors.
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    ) {
      return EXIT.ok;
    }
    return EXIT.usage;
  }
  if (ctx.signal.aborted && !(error instanceof SocialError)) return interruptedStatus(ctx.signal.reason);
  if (error instanceof SocialError) {
    // The code may be the service's own text: sanitised like all of it, and kept short.
    const code = error.details.code ? sanitiseLine(error.details.code).slice(0, 64) : undefined;
    // At a terminal the message wraps at its width on word boundaries; elsewhere it is one line,
    // for logs and grep.
    const say = ctx.io.stderrIsTTY
      ? await import('./output/message.js').then(
          ({ messageText }) =>
            (text: string) =>
              messageText(text, ctx.io.columns),
        )
      : (text: string) => `${sanitiseLine(text)}\n`;
    const message = localMessage(error);
    ctx.io.stderr.write(say(code ? t('entry.errorCode', { code, message }) : t('entry.error', { message })));
    // A suggestion may hold a list, a line an entry: each line is sanitised on its own, then the
    // whole wraps like help, as one block: at the terminal's width, 80 columns at most in a pipe, a
    // list's columns kept.
    const hintWidth = helpWidth(ctx.io.stderrIsTTY, ctx.io.columns);
    const hint = error.details.suggestion?.split('\n').map(sanitiseLine).join('\n');
    if (hint !== undefined && hint !== '') ctx.io.stderr.write(`${wrapHelp(hint, hintWidth)}\n`);
    if (error.details.requestId)
      ctx.io.stderr.write(`${t('entry.requestId', { id: sanitiseLine(error.details.requestId) })}\n`);
    return error.kind === 'interrupted' ? interruptedStatus(ctx.signal.reason) : exitStatus(error);
  }
  const message = error instanceof Error ? error.message : String(error);
  // A file-system failure (a read-only or full disk, a missing folder) is the machine's state, not
  // a bug: said plainly, exit 1.
  if (isFsError(error)) {
    ctx.io.stderr.write(`${t('entry.error', { message: sanitiseLine(message) })}\n`);
    if (debug && error.stack) ctx.io.stderr.write(`${error.stack}\n`);
    return EXIT.unexpected;
  }
  ctx.io.stderr.write(`${t('entry.unexpected', { message: sanitiseLine(message) })}\n`);
  if (debug && error instanceof Error && error.stack) ctx.io.stderr.write(`${error.stack}\n`);
  else ctx.io.stderr.write(`${t('entry.bug')}\n`);
  return EXIT.unexpected;
}
