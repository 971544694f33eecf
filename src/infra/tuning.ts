// Process tuning, in one place: what makes the real process faster without changing what it does.
// bin/social.js creates it (processTuning) and hands it to main through the Context; commands run
// in tests get noTuning, so nothing process-wide changes inside a test worker.
//
// What is here is the code cache of bin/load-bundle.js: V8 keeps the bytecode of what a run
// compiled, and the next run of the same command starts from it. It is written once a run is over,
// so it holds everything the run compiled. Nothing here changes V8's flags or a library's global
// configuration.

export interface Tuning {
  /** The run is over (its output written): keep what it compiled for the next run. */
  runFinished(): void;
}

/** Tuning that does nothing: commands run in tests, and any other embedding. */
export const noTuning: Tuning = { runFinished() {} };

/** The real process's: `saveCodeCache` writes bin/load-bundle.js's cache (once, if it changed). */
export function processTuning(codeCache: { saveCache(): void }): Tuning {
  return {
    runFinished() {
      codeCache.saveCache();
    },
  };
}
