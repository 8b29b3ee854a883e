/**
 * The response as React's destination. A streamed page writes through with backpressure and flushes
 * compression after each chunk React flushes, so its parts reach the visitor as they are ready. A whole
 * page (nothing left to stream) is gathered and sent in one write: React hands it over in 2 KB pieces,
 * and compressing them one by one with a flush at the end costs more CPU than rendering the page.
 */
import { Writable } from 'node:stream';

export interface ResponseLike {
  write(chunk: Buffer): boolean;
  end(chunk?: Buffer): void;
  once(event: 'drain', listener: () => void): unknown;
  flush?: () => void;
}

export function responseWriter(
  res: ResponseLike,
  {
    whole,
    beforeWhole,
  }: {
    whole: boolean;
    /** Sees a whole page's bytes before they are sent, while its headers can still change. */
    beforeWhole?: (body: Buffer) => void;
  },
  onDone: () => void,
): Writable {
  const gathered: Buffer[] = [];
  const writer = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (whole) {
        gathered.push(chunk);
        callback();
      } else if (res.write(chunk)) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      if (whole) {
        const body = Buffer.concat(gathered);
        beforeWhole?.(body);
        res.end(body);
      } else {
        res.end();
      }
      onDone();
      callback();
    },
  });
  (writer as Writable & { flush(): void }).flush = () => {
    if (!whole) res.flush?.();
  };
  return writer;
}
