// Who hears a signal abort: the attempts under way of a client (and its waits between attempts),
// each in a slot of one listener a signal, emptied when it ends.

export interface AbortListener {
  onAbort(reason: unknown): void;
}

/**
 * The listeners of one signal, in reusable slots. A slot is emptied when its call ends, so nothing
 * keeps a finished call reachable. Not one EventTarget listener an attempt: the listener records
 * a batch's attempts leave on its signal keep finished calls reachable, young-generation GCs copy
 * them onwards, and the batch's memory grows with its input (docs/performance.md says by how
 * much). Node also warns past ten listeners on one signal.
 */
export class AbortSlots {
  private static readonly bySignal = new WeakMap<AbortSignal, AbortSlots>();
  private readonly slots: Array<AbortListener | undefined> = [];
  private readonly free: number[] = [];

  /** The slots of `signal`, which has not aborted. */
  static of(signal: AbortSignal): AbortSlots {
    let slots = AbortSlots.bySignal.get(signal);
    if (slots === undefined) {
      slots = new AbortSlots(signal);
      AbortSlots.bySignal.set(signal, slots);
    }
    return slots;
  }

  private constructor(signal: AbortSignal) {
    signal.addEventListener(
      'abort',
      () => {
        for (const listener of this.slots) listener?.onAbort(signal.reason);
      },
      { once: true },
    );
  }

  /** The slot `listener` is in until remove(). */
  add(listener: AbortListener): number {
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = listener;
    return slot;
  }

  /** Empties `slot` if `listener` is still in it: removing twice never frees another's slot. */
  remove(slot: number, listener: AbortListener): void {
    if (this.slots[slot] !== listener) return;
    this.slots[slot] = undefined;
    this.free.push(slot);
  }
}

/**
 * Calls `listener` when `signal` (not aborted yet) aborts; returns the function that forgets it.
 * For a wait between attempts; an attempt is its own listener.
 */
export function onAbort(signal: AbortSignal, listener: (reason: unknown) => void): () => void {
  const slots = AbortSlots.of(signal);
  const entry = { onAbort: listener };
  const slot = slots.add(entry);
  return () => slots.remove(slot, entry);
}
