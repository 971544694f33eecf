// The process's tuning reaches main through the Context, and main tells it once that the run is
// over (when bin/ writes its code cache), whatever the run's outcome.
import { describe, expect, it } from 'vitest';
import { processTuning } from '../src/infra/tuning.js';
import { main } from '../src/main.js';
import { testContext } from './helpers/context.js';

function counted() {
  let saves = 0;
  return { tuning: processTuning({ saveCache: () => (saves += 1) }), saves: () => saves };
}

describe('tuning', () => {
  it.each([
    [['--version'], 0],
    [['frobnicate'], 2],
    [['--help'], 0],
  ])('main %j ends its run once (the code cache is written then), exit %i', async (argv, status) => {
    const { ctx } = testContext();
    const { tuning, saves } = counted();
    ctx.tuning = tuning;
    expect(await main(argv, ctx)).toBe(status);
    expect(saves()).toBe(1);
  });
});
