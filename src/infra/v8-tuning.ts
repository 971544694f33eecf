// How social tunes V8, all of it here: for a long session (`social mcp`), one process serving
// thousands of calls where a CLI run is over in a second; a CLI run keeps V8's defaults, but for
// a batch on the one line whose V8 runs without its middle tier (runFlags). Two
// means, as V8 takes them: the heap's sizes, which Node reads as it starts (the NODE_OPTIONS of the
// entry `mcp install` writes), and the flags set from inside as the session's calls begin, so
// that the same holds for a client's entry, a server started by hand and the single executable
// (NODE_OPTIONS refuses these flags, and the executable takes no node arguments). docs/guide.md,
// "Memory of a long session".

/**
 * The V8 heap a session runs in: a young generation of at most 4 MB a semi-space, and an old one of
 * at most 1 GB, which V8 then collects in full long before garbage of thousands of calls fills it
 * (with the default, sized from the machine's memory, a session's RSS grows for 10,000 calls and
 * more before its first full GC).
 */
export const LONG_SESSION_HEAP_OPTIONS = ['--max-semi-space-size=4', '--max-old-space-size=1024'];

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
 * Sets the long session's flags. Before the calls' code is compiled: the caller has written the
 * start's code cache first, as V8 refuses a cache made under other flags.
 */
export function setLongSessionFlags(): void {
  setFlags(LONG_SESSION_FLAGS);
}

/** The Node line that ships V8 with Maglev, its middle-tier compiler, turned off. */
const WITHOUT_MAGLEV = 22;

/**
 * The flags of a long run (a batch) on Node `version`: none, V8's defaults, but on Node 22, whose
 * V8 runs without Maglev, a function is compiled by TurboFan after 1,000 calls rather than 3,000:
 * with no middle tier between the baseline compiler and TurboFan, the code a batch runs for each
 * input would stay in the baseline for most of a batch of a few thousand inputs. Set as the
 * batch's calls begin, not as the run starts: a run's start calls some of its own functions a
 * thousand times, which TurboFan would then compile for a single call.
 * @internal Exported for its test.
 */
export function runFlags(version: string): readonly string[] {
  return Number.parseInt(version, 10) === WITHOUT_MAGLEV ? ['--invocation-count-for-turbofan=1000'] : [];
}

/** Whether this Node sets flags for a long run (runFlags). */
export function hasRunFlags(): boolean {
  return runFlags(process.versions.node).length > 0;
}

/**
 * Sets this Node's flags for a long run (runFlags), as its many calls begin: the caller has
 * written the start's code cache first, as for a long session.
 */
export function setRunFlags(): void {
  setFlags(runFlags(process.versions.node));
}

/**
 * Sets `flags`, each one apart (V8 stops at a flag it does not know, and says so on stderr, never
 * on stdout). node:v8 is loaded only then: a run that sets none (most) does not load it.
 */
function setFlags(flags: readonly string[]): void {
  const { setFlagsFromString } = process.getBuiltinModule('node:v8');
  for (const flag of flags) setFlagsFromString(flag);
}
