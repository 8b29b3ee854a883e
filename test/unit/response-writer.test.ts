import { describe, expect, it } from 'vitest';
import { responseWriter } from '../../server/response-writer';

/** Writes `chunks` through the writer as React would and returns what the response received. */
async function through(chunks: string[], whole = false): Promise<{ sent: string; writes: string[]; flushes: number }> {
  const writes: string[] = [];
  let sent = '';
  let flushes = 0;
  const res = {
    write: (chunk: Buffer) => (writes.push(chunk.toString()), (sent += chunk.toString()), true),
    end: (chunk?: Buffer) => void (sent += chunk?.toString() ?? ''),
    once: () => res,
    flush: () => void flushes++,
  };
  const writer = responseWriter(res, { whole }, () => {});
  for (const chunk of chunks) {
    await new Promise<void>((resolve) => writer.write(Buffer.from(chunk), () => resolve()));
    (writer as typeof writer & { flush(): void }).flush();
  }
  await new Promise<void>((resolve) => writer.end(resolve));
  return { sent, writes, flushes };
}

describe('the response writer', () => {
  it('sends each chunk of a streamed page at once, and flushes compression after each', async () => {
    const { sent, writes, flushes } = await through(['<html><body><p>shell</p>', '<script>reveal()</script>', '</body></html>']);
    expect(writes).toEqual(['<html><body><p>shell</p>', '<script>reveal()</script>', '</body></html>']);
    expect(sent).toBe('<html><body><p>shell</p><script>reveal()</script></body></html>');
    expect(flushes).toBe(3);
  });

  it('sends a whole page in one piece at the end, with no compression flush on the way', async () => {
    const { sent, writes, flushes } = await through(['<html><body>', '<p>all</p></bo', 'dy></html>'], true);
    expect(writes).toEqual([]);
    expect(flushes).toBe(0);
    expect(sent).toBe('<html><body><p>all</p></body></html>');
  });
});
