// A server is one long process serving thousands of calls, where a CLI run is over in a second:
// its V8 is set for that as the session's calls begin, from inside, so that the same holds for a
// client's entry, a server started by hand and the single executable (NODE_OPTIONS refuses these
// flags, and the executable takes no node arguments). docs/guide.md, "Memory of a long session".
import { setFlagsFromString } from 'node:v8';
import type { Context } from '../../infra/context.js';

const LONG_SESSION_FLAGS = [
  // Maglev, the mid-tier compiler, takes memory of the C allocator for each function it compiles
  // as the calls' code gets hot, which the allocator keeps; Turbofan alone compiles what is hot...
  '--no-maglev',
  // ...and sooner than by default, so that a call's code is optimised within the session's first
  // calls (the CPU Maglev saved; the compiler's memory taken early, once) rather than a function
  // at a time for thousands of calls.
  '--invocation-count-for-turbofan=1000',
  // The young generation stays at the size it has: grown, it lets garbage of each call outlive a
  // young GC into the old generation, and delays the full GCs that would collect it.
  '--semi-space-growth-factor=1',
];

/**
 * Sets the flags, before the calls' code is compiled (each one apart: V8 stops at a flag it does
 * not know, and says so on stderr, never on stdout). The command's code cache is written first,
 * of what the start compiled: V8 refuses a cache made under other flags, and the next start runs
 * under its own (the cache is then not written again at the end).
 */
export function startLongSession(ctx: Context, command: string): void {
  ctx.codeCache.runFinished((word) => word === command, false);
  for (const flag of LONG_SESSION_FLAGS) setFlagsFromString(flag);
}
