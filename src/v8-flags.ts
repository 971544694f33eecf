// The one V8 flag social sets, and whether it has: the bin's code cache must not be written by a
// run whose flags differ from those the next run starts with (V8 would refuse it).
let changed = false;

/**
 * undici parses HTTP with a WebAssembly build of llhttp. V8 compiles it quickly (Liftoff), then
 * optimises it again on a background thread that Node waits for at exit: ~80 ms added to every run
 * that made a request. Our answers are small; the quick code parses them just as well. Called at
 * the first connection rather than at start: a changed flag makes V8 refuse the code caches of
 * whatever is compiled afterwards, and by then everything but llhttp is loaded.
 */
export async function keepWasmAtQuickTier(): Promise<void> {
  if (changed) return;
  // node:v8 is loaded here, not at start: most runs never get this far.
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--liftoff-only');
  changed = true;
}

export function v8FlagsChanged(): boolean {
  return changed;
}
