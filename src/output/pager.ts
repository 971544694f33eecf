// The pager: a table taller than the terminal goes through `less` (or the user's pager) instead of
// scrolling past. The one place a pager is started (the idea of gh's IOStreams.StartPager).

import type { OutStream } from '../infra/context.js';
import { t } from '../messages/use-notes.js';
import type { Pager } from './terminal.js';

function lineCount(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

/**
 * Writes `text` to `out`, or, when it is taller than the terminal and there is a pager, through
 * the pager, and waits for the pager to end. A pager that cannot start is told once on stderr
 * and the text written as it is.
 */
export async function writePaged(out: OutStream, err: OutStream, text: string, pager: Pager | null): Promise<void> {
  if (pager === null || lineCount(text) < pager.rows) {
    out.write(text);
    return;
  }
  // less: -R for our colours; LESS and LV as gh sets them, unless the user has their own.
  const env = { ...pager.env, LESS: pager.env.LESS ?? 'FRX', LV: pager.env.LV ?? '-c' };
  const { spawn } = await import('node:child_process');
  const child = spawn(pager.command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env });
  // Ctrl-C at the pager is the pager's: this process waits for it rather than ending under it.
  const ignore = () => {};
  const interrupts = process.listeners('SIGINT');
  process.removeAllListeners('SIGINT');
  process.on('SIGINT', ignore);
  try {
    const started = await new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    if (!started) {
      const warning = t('notes.pager.notStarted', { command: JSON.stringify(pager.command) });
      err.write(`${t('notes.warning', { text: warning })}\n`);
      out.write(text);
      return;
    }
    // The user may quit the pager before reading everything: the broken pipe is expected.
    child.stdin?.on('error', ignore);
    child.stdin?.end(text);
    const code = await new Promise<number | null>((resolve) => child.once('close', (status) => resolve(status)));
    // 127: the shell found no such command (and said so on stderr); the text is not lost.
    if (code === 127) out.write(text);
  } finally {
    process.removeListener('SIGINT', ignore);
    for (const listener of interrupts) process.on('SIGINT', listener as () => void);
  }
}
