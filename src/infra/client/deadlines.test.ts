import { describe, expect, it } from 'vitest';
import { clock, Deadlines, type Timed } from './deadlines.js';

/** An attempt as the list sees it: `expired` settles when its deadline passes. */
function timed(inMs: number): Timed & { expired: Promise<void>; ended: boolean } {
  let resolve!: () => void;
  const expired = new Promise<void>((r) => {
    resolve = r;
  });
  const item = {
    deadlineAt: clock() + inMs,
    earlier: undefined,
    later: undefined,
    listed: false,
    ended: false,
    expired,
    expire() {
      item.ended = true;
      resolve();
    },
  };
  return item;
}

describe('Deadlines: one timer for every attempt under way', () => {
  it('ends the attempts past their deadline, in deadline order, and no other', async () => {
    const deadlines = new Deadlines();
    const later = timed(60_000);
    const soon = timed(5);
    const sooner = timed(1);
    const order: Timed[] = [];
    for (const item of [later, soon, sooner]) {
      const expire = item.expire;
      item.expire = () => {
        order.push(item);
        expire();
      };
      deadlines.add(item);
    }
    await Promise.all([soon.expired, sooner.expired]);
    expect(order).toEqual([sooner, soon]);
    expect(later.ended).toBe(false);
    expect(later.listed).toBe(true);
    deadlines.remove(later);
    expect(later.listed).toBe(false);
  });

  it('never ends an attempt that left the list, and a paused one placed again by its new deadline', async () => {
    const deadlines = new Deadlines();
    const gone = timed(1);
    const paused = timed(1);
    const last = timed(3);
    deadlines.add(gone);
    deadlines.add(paused);
    deadlines.add(last);
    deadlines.remove(gone);
    // Resumed with the rest of its deadline: later than the one after it.
    paused.deadlineAt = clock() + 60_000;
    deadlines.add(paused);
    await last.expired;
    expect(gone.ended).toBe(false);
    expect(paused.ended).toBe(false);
    expect([gone.listed, paused.listed, last.listed]).toEqual([false, true, false]);
    deadlines.remove(paused);
  });
});
