/** Polls a condition until it returns a value (not undefined/false) or the timeout passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<T> {
  const timeout = options.timeoutMs ?? 10_000;
  const interval = options.intervalMs ?? 25;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${options.message ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
