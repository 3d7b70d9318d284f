/**
 * `work`'s result, or `late()`'s once `ms` have passed first (`late` may throw: the answer is
 * then that error); the timer is cleared either way. A promise cannot be stopped: `work`
 * goes on, and what it does after the deadline (a late rejection included) is ignored here.
 * Stopping it is the caller's business (closing a context, dropping a connection).
 */
export async function within<T, U>(work: Promise<T>, ms: number, late: () => U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<U>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error as Error);
      }
    }, ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `promise` settles, either way, within `ms`. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = promise.then(
    () => true,
    () => true,
  );
  return within(settled, ms, () => false);
}
