/**
 * Gathers calls made close together (within `delayMs`, at most `max`) into one `flush`, which
 * returns one result per item, in order; if it throws, every call of the batch gets the error.
 * The publisher and the webhook worker run many sends at once: one transaction for many of their
 * writes costs little more than one write.
 */
export function batcher<T, R>(flush: (items: T[]) => Promise<R[]>, { delayMs, max }: { delayMs: number; max: number }): (item: T) => Promise<R> {
  let queue: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    flush(batch.map((entry) => entry.item)).then(
      (results) => batch.forEach((entry, i) => entry.resolve(results[i] as R)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (queue.length >= max) run();
      else timer ??= setTimeout(run, delayMs);
    });
}
