import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createParsers, mediaUrl } from '../../server/backend/parse';
import { overLimit, RICH_TEXT_LIMITS } from '../../server/rich-text/limits';
import { SanitizerPool, SanitizeTimeout } from '../../server/rich-text/pool';
import { plainTextHtml, PLAIN_TEXT_MAX_CHARS, textOfHtml } from '../../server/rich-text/text';
import { sanitizeHtml } from '../../server/sanitize';

const nested = (n: number) => '<div>'.repeat(n) + 'x' + '</div>'.repeat(n);

describe('limits checked before backend rich text is parsed', () => {
  it('lets ordinary articles through, with unclosed paragraphs and list items', () => {
    const article = '<h3>Title</h3>' + '<p>Paragraph <b>bold</b> <a href="/x">link</a><br>'.repeat(500) + '<ul>' + '<li>item'.repeat(200) + '</ul>';
    expect(overLimit(article)).toBeNull();
  });

  it('refuses deep nesting, too many elements and too much text', () => {
    expect(overLimit(nested(RICH_TEXT_LIMITS.maxDepth + 1))).toBe('depth');
    expect(overLimit('<b>'.repeat(4000) + 'x')).toBe('depth');
    expect(overLimit('<span>a</span>'.repeat(RICH_TEXT_LIMITS.maxElements + 1))).toBe('elements');
    expect(overLimit('x'.repeat(RICH_TEXT_LIMITS.maxChars + 1))).toBe('size');
  });
});

describe('rich text over a limit is kept as plain text, and the rest of the item still shows', () => {
  it("turns 100,000 nested <div> (1.1 MB) into a notice in the field's language: its text is past what is read", async () => {
    const html = nested(100_000);
    expect(html.length).toBeGreaterThan(1_000_000);
    expect(await sanitizeHtml(html, '', 'en')).toBe('<p class="notice">This text cannot be shown: it is too large or malformed.</p>');
    expect(await sanitizeHtml(nested(1000), '', 'en')).toBe('<p>x</p>');
  });

  it('turns 4,000 unclosed <b> into escaped text instead of losing the field', async () => {
    expect(await sanitizeHtml('<b>'.repeat(4000) + 'Salom <script>alert(1)</script> & <i>xayr</i>')).toBe('<p>Salom &amp; xayr</p>');
  });

  it('cuts very long plain text with an ellipsis', () => {
    const html = plainTextHtml(`<p>${'a '.repeat(PLAIN_TEXT_MAX_CHARS)}</p>`);
    expect(html.length).toBeLessThan(PLAIN_TEXT_MAX_CHARS + 20);
    expect(html.endsWith('…</p>')).toBe(true);
    expect(plainTextHtml('<div>'.repeat(1_000_000))).toBe('');
  });

  it('parses a news item whose description is hostile: title, date and the other languages stay', async () => {
    const parse = createParsers({ mediaBase: 'https://api.example.uz/' });
    const item = await parse.newsItem({
      id: 7,
      title_uz: 'Sarlavha',
      desc_uz: nested(100_000),
      desc_ru: '<p>Текст <b>новости</b></p>',
      created_at: '2025-09-01T10:00:00Z',
      image: '/media/a.jpg',
    });
    expect(item.title.uz).toBe('Sarlavha');
    expect(item.desc.uz).toContain('class="notice"');
    expect(item.desc.ru).toBe('<p>Текст <b>новости</b></p>');
    expect(item.text.ru).toBe('Текст новости');
    expect(item.image).toBe('https://api.example.uz/media/a.jpg');
  });
});

describe('text of HTML without a DOM', () => {
  it('keeps words apart across blocks, decodes entities and hides script and style', () => {
    expect(textOfHtml('<p>Bir</p><p>Ikki &amp; uch</p><script>x()</script><style>p{}</style>&#1040;&lt;')).toBe('Bir Ikki & uch А<');
  });

  it('stays linear on pathological input', () => {
    // A regex such as /<[^>]*>/ would scan to the end from each '<': quadratic on this.
    expect(textOfHtml('<a'.repeat(200_000))).toBe('');
    expect(textOfHtml('<script>'.repeat(100_000))).toBe('');
    expect(textOfHtml('< 1 < 2')).toBe('< 1 < 2');
  });
});

describe('media URLs are checked after parsing', () => {
  it('refuses a javascript: URL split by a newline or a tab', () => {
    for (const mediaBase of ['', 'https://api.example.uz/']) {
      expect(mediaUrl('java\nscript:alert(1)', { mediaBase })).toBeNull();
      expect(mediaUrl('java\tscript:alert(1)', { mediaBase })).toBeNull();
      expect(mediaUrl(' JAVASCRIPT:alert(1)', { mediaBase })).toBeNull();
    }
    expect(mediaUrl('media/a b.png', { mediaBase: '' })).toBe('/media/a%20b.png');
    expect(mediaUrl('//cdn.example.uz/a.png', { mediaBase: '' })).toBe('https://cdn.example.uz/a.png');
  });

  it('refuses the same in links and images inside rich text', async () => {
    const clean = await sanitizeHtml('<a href="java\nscript:alert(1)">a</a><img src="java&#10;script:alert(2)"><a href="/ok">b</a>', 'https://api.example.uz/');
    expect(clean).not.toMatch(/script/i);
    expect(clean).toContain('<a href="https://api.example.uz/ok"');
  });
});

describe('records the API gives no id', () => {
  it('keeps partners and slides without an id, keyed by position', async () => {
    const parse = createParsers({ mediaBase: '' });
    const partners = await parse.partners([
      { name: 'A', image: '/media/a.png', url_link: 'https://a.example.org' },
      { name: 'B', image: '/media/b.png', url_link: 'https://b.example.org' },
      { id: 9, name: 'C', image: '/media/c.png', url_link: 'https://c.example.org' },
    ]);
    expect(partners.map((p) => [p.name, p.key])).toEqual([
      ['A', 'at-0'],
      ['B', 'at-1'],
      ['C', 'id-9'],
    ]);
    const slides = await parse.homeContent([{ image: '/media/s1.jpg' }, { image: '/media/s2.jpg' }]);
    expect(slides.map((s) => s.key)).toEqual(['at-0', 'at-1']);
  });
});

describe('the sanitiser thread', () => {
  let pool: SanitizerPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  /**
   * A worker that never answers 'hang' (it stands in for a parse that never ends), answers 'off-cpu:<ms>'
   * after that long without using the CPU (a thread the kernel keeps waiting), and echoes everything
   * else. It tells its thread id, as the real one does where it can.
   */
  function stuckWorker(): URL {
    const dir = mkdtempSync(join(tmpdir(), 'sanitizer-'));
    const file = join(dir, 'stuck-worker.mjs');
    writeFileSync(
      file,
      `import { readlinkSync } from 'node:fs';
       import { parentPort } from 'node:worker_threads';
       const tid = process.platform === 'linux' ? Number(readlinkSync('/proc/thread-self').split('/').pop()) : null;
       parentPort.on('message', (t) => {
         if (t.html === 'hang') for (;;) {}
         const offCpu = /^off-cpu:(\\d+)$/.exec(t.html);
         if (offCpu) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(offCpu[1]));
         parentPort.postMessage({ id: t.id, html: 'echo:' + t.html });
       });
       parentPort.postMessage({ ready: true, tid });`,
    );
    return pathToFileURL(file);
  }

  it('ends a field that never finishes at the time limit, and answers the next one on a new thread', async () => {
    pool = new SanitizerPool({ workerUrl: stuckWorker(), taskTimeoutMs: 1000 });
    const stuck = pool.sanitize('hang', '');
    const next = pool.sanitize('<p>next</p>', '');
    await expect(stuck).rejects.toBeInstanceOf(SanitizeTimeout);
    await expect(next).resolves.toBe('echo:<p>next</p>');
    expect(pool.stats).toMatchObject({ timeouts: 1, threadsStarted: 2 });
  });

  it.runIf(process.platform === 'linux')(
    "counts a field's time limit in its thread's CPU time, so a field the kernel kept waiting is not failed for it",
    async () => {
      pool = new SanitizerPool({ workerUrl: stuckWorker(), taskTimeoutMs: 300, taskWallLimitMs: 60_000 });
      await expect(pool.sanitize('off-cpu:1500', '')).resolves.toBe('echo:off-cpu:1500');
      expect(pool.stats.timeouts).toBe(0);
    },
  );

  it('fails a field kept waiting past the longer bound of wall time all the same', async () => {
    pool = new SanitizerPool({ workerUrl: stuckWorker(), taskTimeoutMs: 300, taskWallLimitMs: 1000 });
    await expect(pool.sanitize('off-cpu:5000', '')).rejects.toBeInstanceOf(SanitizeTimeout);
    await expect(pool.sanitize('<p>next</p>', '')).resolves.toBe('echo:<p>next</p>');
  });

  it('fails what waits, without looping, when the thread cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sanitizer-'));
    const file = join(dir, 'broken-worker.mjs');
    writeFileSync(file, `throw new Error('cannot start');`);
    pool = new SanitizerPool({ workerUrl: pathToFileURL(file) });
    await expect(pool.sanitize('<p>a</p>', '')).rejects.toThrow(/cannot start/);
    expect(pool.stats.threadsStarted).toBe(1);
  });

  it('says whether its thread is alive: from the first field until a quiet spell has passed', async () => {
    pool = new SanitizerPool({ workerUrl: stuckWorker(), idleMs: 200 });
    expect(pool.threadRunning).toBe(false);
    await expect(pool.sanitize('<p>a</p>', '')).resolves.toBe('echo:<p>a</p>');
    expect(pool.threadRunning).toBe(true);
    await vi.waitFor(() => expect(pool!.threadRunning).toBe(false), { timeout: 30_000, interval: 50 });
    await expect(pool.sanitize('<p>b</p>', '')).resolves.toBe('echo:<p>b</p>');
    expect(pool.stats.threadsStarted).toBe(2);
  });

  it('sanitises real rich text with DOMPurify on jsdom', async () => {
    pool = new SanitizerPool();
    await expect(pool.sanitize('<p onclick="x()">a<script>alert(1)</script></p><h4>T</h4>', '')).resolves.toBe('<p>a</p><h2>T</h2>');
  });
});
