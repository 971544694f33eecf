// Identical calls under way, without a socket: one at a time, then at once once one was answered.
import { describe, expect, it } from 'vitest';
import { IdenticalCalls } from './identical-calls.js';

/** A call that ends when told: `answer()` or `fail()`. */
function deferred() {
  let answer!: (value: string) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<string>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

describe('IdenticalCalls', () => {
  it('sends an identical call once the one under way has its answer, then the path at once', async () => {
    const calls = new IdenticalCalls();
    const first = deferred();
    let sent = 0;
    const send = (reply: Promise<string>) => () => {
      sent += 1;
      return reply;
    };
    const one = calls.run('/p?h=a', send(first.promise));
    const two = calls.run('/p?h=a', send(Promise.resolve('hit')));
    const other = calls.run('/p?h=b', send(Promise.resolve('other')));
    await ticks();
    expect(sent).toBe(2);
    first.answer('paid');
    expect(await Promise.all([one, two, other])).toEqual(['paid', 'hit', 'other']);
    expect(sent).toBe(3);
    // Answered and repeated: the service holds it cached, so its calls go together now.
    const slow = deferred();
    const three = calls.run('/p?h=a', send(slow.promise));
    const four = calls.run('/p?h=a', send(Promise.resolve('hit again')));
    expect(sent).toBe(5);
    slow.answer('hit too');
    expect(await Promise.all([three, four])).toEqual(['hit too', 'hit again']);
  });

  it('after a failure, the calls that waited go one at a time again, and the failure reaches its caller', async () => {
    const calls = new IdenticalCalls();
    const first = deferred();
    const second = deferred();
    let sent = 0;
    const replies = [first.promise, second.promise, Promise.resolve('third')];
    const send = () => replies[sent++] as Promise<string>;
    const one = calls.run('/p', send);
    const two = calls.run('/p', send);
    const three = calls.run('/p', send);
    first.fail(new Error('reset'));
    await expect(one).rejects.toThrow('reset');
    await ticks();
    expect(sent).toBe(2);
    second.answer('paid');
    expect(await Promise.all([two, three])).toEqual(['paid', 'third']);
  });

  it('a call that throws as it is sent ends too: the next identical call is not held', async () => {
    const calls = new IdenticalCalls();
    const broken = calls.run('/p', () => {
      throw new Error('bug');
    });
    await expect(broken).rejects.toThrow('bug');
    expect(await calls.run('/p', () => Promise.resolve('sent'))).toBe('sent');
  });
});
