// Reads a secret from stdin: hidden when typed at a terminal, the first line when piped.

import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-errors.js';

export async function readSecret(ctx: Context, prompt: string): Promise<string> {
  const { stdin } = ctx.io;
  if (ctx.io.stdinIsTTY) {
    ctx.io.stderr.write(prompt);
    const tty = stdin as NodeJS.ReadStream;
    const value = await new Promise<string>((resolve, reject) => {
      let typed = '';
      tty.setRawMode?.(true);
      tty.resume();
      tty.setEncoding('utf8');
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n' || char === '\u0004') return finish(() => resolve(typed));
          if (char === '\u0003') return finish(() => reject(usageError(t('errors.config.cancelled'))));
          if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
          else typed += char;
        }
      };
      const finish = (then: () => void) => {
        tty.off('data', onData);
        tty.setRawMode?.(false);
        tty.pause();
        ctx.io.stderr.write('\n');
        then();
      };
      tty.on('data', onData);
    });
    return nonEmpty(value);
  }
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return nonEmpty(line);
  }
  return nonEmpty('');
}

function nonEmpty(value: string): string {
  if (value.trim() === '') throw usageError(t('errors.config.noValue'), t('errors.config.noValue.hint'));
  return value.trim();
}
