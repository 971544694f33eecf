// The one V8 flag social sets. V8 stamps a code cache with its flags, so the bin writes its cache
// before the flag changes (onV8FlagChange): after, the next run would refuse it.
let changed = false;
const beforeChange: Array<() => void> = [];

/** Runs `listener` just before the flag changes (the bin writes its code cache then). */
export function onV8FlagChange(listener: () => void): void {
  beforeChange.push(listener);
}

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
  for (const listener of beforeChange) listener();
  setFlagsFromString('--liftoff-only');
  changed = true;
}

