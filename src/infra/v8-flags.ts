// The V8 flags social sets: at the first connection, and in a batch once it is long. V8 stamps a
// code cache with its flags, so the bin writes its cache before the first change
// (onV8FlagChange): after, the next run would refuse it. By the first connection everything but
// the HTTP parser is loaded.
let changed = false;
let manyCalls = false;
let batchCalls = 0;
let setFlags: ((flags: string) => void) | undefined;
const beforeChange: Array<() => void> = [];

/** Runs `listener` just before the flags change (the bin writes its code cache then). */
export function onV8FlagChange(listener: () => void): void {
  beforeChange.push(listener);
}

/** A batch: many calls ahead (see setFlagsForRequests and batchCallFinished). */
export function expectManyCalls(): void {
  manyCalls = true;
}

/**
 * Loads node:v8 ahead of the first connection, where the flags are set synchronously. Not at
 * start: it takes ~1.3 ms, and most runs never connect.
 */
export async function loadV8(): Promise<void> {
  setFlags ??= (await import('node:v8')).setFlagsFromString;
}

/**
 * undici parses HTTP with a WebAssembly build of llhttp. V8 compiles it quickly (Liftoff), then
 * optimises it again on a background thread that Node waits for at exit: ~80 ms added to every run
 * that made a request. Our answers are small; the quick code parses them just as well.
 *
 * A batch is a long stream of short-lived calls with a small live set (~10 MB), which V8's
 * defaults, made for short scripts and servers, serve badly on memory: it keeps the young
 * generation at its size and grows the old one by at most a tenth over what is live. Otherwise the
 * heap grows for as long as the batch runs (peak RSS at 5,000 then 50,000 small answers: 78 and
 * 101 MB by default, 67 and 73 MB so; 3,000 answers of 140 KB: ~250 MB by default, ~105 MB so),
 * for ~5% of throughput on long runs and none on short ones.
 *
 * Called as the first connection opens, just before undici compiles its parser: the later the
 * change, the more of the run the bin's code cache holds, and Node's own modules loaded to
 * connect still come from its built-in cache, which a changed flag would also make V8 refuse.
 */
export function setFlagsForRequests(): void {
  if (changed || setFlags === undefined) return;
  changed = true;
  for (const listener of beforeChange) listener();
  setFlags('--liftoff-only');
  if (manyCalls) setFlags('--semi-space-growth-factor=1 --heap-growing-percent=10');
}

// The calls after which a batch counts as long (see batchCallFinished).
const LONG_BATCH = 400;

/**
 * Counts a batch's finished calls. From the LONG_BATCH-th on, V8's interrupt budget (the work a
 * function does before V8 considers optimising it) is lowered: with the default, a batch of
 * thousands spends most of its run in unoptimised code. Not from the start, as optimising early
 * costs a short batch more than it saves (measured, budget lowered from the first call / from the
 * 400th / never: 500 inputs 266 / 230 / 225 ms, 2,000 inputs 387 / 402 / 431 ms, 5,000 inputs
 * 546 / 553 / 638 ms).
 */
export function batchCallFinished(): void {
  batchCalls += 1;
  // Only after the first change, which the bin's code cache must come before.
  if (batchCalls === LONG_BATCH && changed) setFlags?.('--interrupt-budget=8192');
}
