import { describe, expect, it } from 'vitest';
import { responseWriter } from '../../server/response-writer';

/** Writes `chunks` through the writer as React would and returns what the response received. */
async function through(chunks: string[], tail: string, whole = false): Promise<{ sent: string; writes: string[]; flushes: number }> {
  const writes: string[] = [];
  let sent = '';
  let flushes = 0;
  const res = {
    write: (chunk: Buffer) => (writes.push(chunk.toString()), (sent += chunk.toString()), true),
    end: (chunk: Buffer) => void (sent += chunk.toString()),
    once: () => res,
    flush: () => void flushes++,
  };
  const writer = responseWriter(res, { tail: () => tail, whole }, () => {});
  for (const chunk of chunks) {
    await new Promise<void>((resolve) => writer.write(Buffer.from(chunk), () => resolve()));
    (writer as typeof writer & { flush(): void }).flush();
  }
  await new Promise<void>((resolve) => writer.end(resolve));
  return { sent, writes, flushes };
}

describe('the deferred data before the closing tags', () => {
  const TAIL = '<script type="application/json" id="__deferred">{}</script>';

  it('goes before </body></html> when they come in one chunk', async () => {
    expect((await through(['<html><body>a', '</body></html>'], TAIL)).sent).toBe(`<html><body>a${TAIL}</body></html>`);
  });

  it('goes before them when React splits them across chunks', async () => {
    for (const split of [
      ['a</body>', '</html>'],
      ['a</bo', 'dy></html>'],
      ['a<', '/body></', 'html>'],
      ['a</body></html', '>'],
    ]) {
      expect((await through(['<html><body>', ...split], TAIL)).sent).toBe(`<html><body>a${TAIL}</body></html>`);
    }
  });

  it('holds back nothing that cannot begin the closing tags, so streamed parts are sent at once', async () => {
    const { writes } = await through(['<html><body><p>shell</p>', '<script>reveal()</script>', '</body></html>'], TAIL);
    expect(writes).toEqual(['<html><body><p>shell</p>', '<script>reveal()</script>']);
  });

  it('sends a whole page in one piece at the end, with no compression flush on the way', async () => {
    const { sent, writes, flushes } = await through(['<html><body>', '<p>all</p></bo', 'dy></html>'], TAIL, true);
    expect(writes).toEqual([]);
    expect(flushes).toBe(0);
    expect(sent).toBe(`<html><body><p>all</p>${TAIL}</body></html>`);
  });

  it('flushes compression after each chunk of a streamed page', async () => {
    expect((await through(['<html><body>', '<p>later</p>', '</body></html>'], TAIL)).flushes).toBe(3);
  });
});
