import type { Response } from "express";

/**
 * Copies the app's answer to the response, flushing the compressor at most once per turn of the
 * event loop. Remix's writeReadableStreamToWritable flushes after every chunk, and React writes a
 * page in a hundred small ones: each flush ends a gzip block, so the calendar page went out as
 * 56 KB instead of 19 KB, and compressing took more time than rendering some pages. Chunks that
 * arrive together leave together; a streamed page or NDJSON line still goes out within a tick.
 */
export async function writeAnswer(body: ReadableStream<Uint8Array>, res: Response & { flush?: () => void }): Promise<void> {
  const reader = body.getReader();
  let flushScheduled = false;
  const flushSoon = () => {
    if (flushScheduled || typeof res.flush !== "function") return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (!res.writableEnded) res.flush?.();
    });
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
      flushSoon();
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
