// A server is one long process serving thousands of calls, where a CLI run is over in a second:
// its V8 is set for that as the session's calls begin (src/infra/v8-tuning.ts says how).
import type { Context } from '../../infra/context.js';
import { setLongSessionFlags } from '../../infra/v8-tuning.js';

/**
 * Sets V8's long-session flags, before the calls' code is compiled. The command's code cache is
 * written first, of what the start compiled: V8 refuses a cache made under other flags, and the
 * next start runs under its own (the cache is then not written again at the end).
 */
export function startLongSession(ctx: Context, command: string): void {
  ctx.codeCache.runFinished((word) => word === command, false);
  setLongSessionFlags();
}
