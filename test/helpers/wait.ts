// Waiting on a condition, never on the clock alone: polls until it holds, and fails with what was
// awaited when it does not within a bound.
export async function waitFor<T>(
  check: () => T | undefined | false | null,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
