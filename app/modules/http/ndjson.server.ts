/** A stream of events and how to stop producing it when the reader goes away. */
export interface EventSource<T> {
  events: AsyncGenerator<T, void>;
  /** Called when the reader leaves before the end (stop paying for work nobody reads). */
  cancel: () => void;
}

/**
 * An NDJSON answer: one JSON line per event, sent as it comes. Once streaming has started the
 * HTTP status is sent, so later failures must travel as events.
 */
export function ndjsonResponse<T>({ events, cancel }: EventSource<T>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
    async cancel() {
      cancel();
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no", // proxies must pass lines through as they come
    },
  });
}
