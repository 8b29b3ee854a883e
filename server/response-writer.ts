/**
 * The response as React's destination: writes through with backpressure, flushes compression after
 * each chunk React flushes (so streamed parts reach the visitor), and writes the settled deferred data
 * (`tail`) just before the closing </body></html>. React may flush those closing tags split across
 * chunks, so any end of a chunk that could begin them is held back until the next chunk shows.
 */
import { Writable } from 'node:stream';

const CLOSING = Buffer.from('</body></html>');

/** How many bytes at the end of `bytes` could be the start of the closing tags. */
function closingPrefixLength(bytes: Buffer): number {
  for (let k = Math.min(bytes.length, CLOSING.length); k > 0; k--) {
    if (bytes.subarray(bytes.length - k).equals(CLOSING.subarray(0, k))) return k;
  }
  return 0;
}

export interface ResponseLike {
  write(chunk: Buffer): boolean;
  end(chunk: Buffer): void;
  once(event: 'drain', listener: () => void): unknown;
  flush?: () => void;
}

export function responseWriter(res: ResponseLike, tail: () => string, capture: Buffer[] | null, onDone: () => void): Writable {
  let held = Buffer.alloc(0);
  const writer = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const bytes = held.length ? Buffer.concat([held, chunk]) : chunk;
      const keep = closingPrefixLength(bytes);
      held = Buffer.from(bytes.subarray(bytes.length - keep));
      const out = bytes.subarray(0, bytes.length - keep);
      capture?.push(out);
      if (out.length === 0 || res.write(out)) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      const closes = held.equals(CLOSING);
      const last = Buffer.concat(closes ? [Buffer.from(tail()), held] : [held, Buffer.from(tail())]);
      capture?.push(last);
      res.end(last);
      onDone();
      callback();
    },
  });
  (writer as Writable & { flush(): void }).flush = () => res.flush?.();
  return writer;
}
