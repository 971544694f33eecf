// What a CLI run changes of V8, line by line: nothing but on the line whose V8 has no middle tier.
import { describe, expect, it } from 'vitest';
import { runFlags } from './v8-tuning.js';

describe("a CLI run's V8 flags", () => {
  it('on Node 22 (Maglev off): TurboFan after 1,000 calls', () => {
    expect(runFlags('22.13.0')).toEqual(['--invocation-count-for-turbofan=1000']);
    expect(runFlags('22.23.3')).toEqual(['--invocation-count-for-turbofan=1000']);
  });

  it("on the other supported lines: V8's defaults", () => {
    expect(runFlags('24.21.0')).toEqual([]);
    expect(runFlags('26.1.0')).toEqual([]);
  });
});
