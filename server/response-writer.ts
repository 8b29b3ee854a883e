/**
 * The response as React's destination, and the settled deferred data (`tail`) written just before the
 * closing </body></html>. React may flush those closing tags split across chunks, so any end of a chunk
 * that could begin them is held back until the next chunk shows.
 *
 * A streamed page writes through with backpressure and flushes compression after each chunk React
 * flushes, so its parts reach the visitor as they are ready. A whole page (nothing left to stream) is
 * gathered and sent in one write: React hands it over in 2 KB pieces, and compressing them one by one
 * with a flush at the end costs more CPU than rendering the page.
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

export function responseWriter(
  res: ResponseLike,
  {
    tail,
    whole,
    beforeWhole,
  }: {
    tail: () => string;
    whole: boolean;
    /** Sees a whole page's bytes before they are sent, while its headers can still change. */
    beforeWhole?: (body: Buffer) => void;
  },
  onDone: () => void,
): Writable {
  let held = Buffer.alloc(0);
  const gathered: Buffer[] = [];
  const writer = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (whole) {
        gathered.push(chunk);
        callback();
        return;
      }
      const bytes = held.length ? Buffer.concat([held, chunk]) : chunk;
      const keep = closingPrefixLength(bytes);
      held = Buffer.from(bytes.subarray(bytes.length - keep));
      const out = bytes.subarray(0, bytes.length - keep);
      if (out.length === 0 || res.write(out)) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      if (whole) held = Buffer.concat(gathered);
      const closes = held.subarray(held.length - CLOSING.length).equals(CLOSING);
      const body = closes ? held.subarray(0, held.length - CLOSING.length) : held;
      const last = Buffer.concat(closes ? [body, Buffer.from(tail()), CLOSING] : [held, Buffer.from(tail())]);
      if (whole) beforeWhole?.(last);
      res.end(last);
      onDone();
      callback();
    },
  });
  (writer as Writable & { flush(): void }).flush = () => {
    if (!whole) res.flush?.();
  };
  return writer;
}
