/**
 * Attacks of a hostile backend: what a compromised or broken university API could answer. Each attack
 * sets what the backend on 127.0.0.1 answers, asks the site for the pages that read it (as a browser and
 * as a crawler), and judges the pages (parts.ts `pageProblems`), the event loop and the process.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { screenUrls } from '../../../test/helpers/site-urls';
import { get, outcome, pageProblems, startHostileBackend, startSite, watch, type HostileBackend, type Outcome, type Site } from './parts';

/** Text a title, a name or a plain-text field brings: closes tags and scripts, opens comments, bends text. */
export const TEXT_PAYLOAD =
  '"\'><script>pwn(1)</script><img src=x onerror=pwn(2)><!--<script>x</script>--> ]]> </title></textarea></style><svg onload=pwn(3)>' +
  '\u2028\u2029 \u202Eevil\u202C \u200D\u200B \u0301\u0301 {{7*7}} ${7*7} %s';

const URL_PAYLOADS = [
  'javascript:pwn(4)',
  ' JaVaScRiPt:pwn(5)',
  'java\tscript:pwn(6)',
  'data:text/html,<script>pwn(7)</script>',
  'vbscript:pwn(8)',
  'https://x.example/"><script>pwn(9)</script>',
  '\u0000javascript:pwn(10)',
  'data:image/svg+xml,<svg onload=pwn(13)>',
  'file:///etc/passwd',
  '//evil.example/x.png',
  'https://evil.example/x.png?a=<b>"',
];

export const RICH_PAYLOAD =
  '<p>ok</p><script>pwn(20)</script><a href="javascript:pwn(21)">a</a><img src=x onerror="pwn(22)">' +
  '<svg><script>pwn(23)</script><a xlink:href="javascript:pwn(24)"><text>t</text></a></svg>' +
  '<iframe srcdoc="<script>pwn(25)</script>"></iframe><iframe src="https://evil.example/"></iframe>' +
  '<form action="https://evil.example/"><button formaction="javascript:pwn(26)">b</button></form>' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">' +
  '<style>@import "https://evil.example/x.css";</style><a href="&#106;avascript:pwn(27)">e</a>' +
  '<math><mtext><table><mglyph><style><img src=x onerror=pwn(28)></style></mglyph></table></mtext></math>' +
  '<noscript><p title="</noscript><img src=x onerror=pwn(29)>"></noscript><object data="javascript:pwn(30)"></object>' +
  '<embed src="javascript:pwn(31)"><video poster="javascript:pwn(32)"></video><details open ontoggle="pwn(33)"></details>' +
  '<a href="data:text/html;base64,PHNjcmlwdD5wd24oMzQpPC9zY3JpcHQ+">d</a><img srcset="javascript:pwn(35) 1x">' +
  '<div style="background:url(javascript:pwn(36))">s</div><template><script>pwn(37)</script></template><!--<script>pwn(38)</script>-->' +
  '<img alt="x&quot; onerror=&quot;pwn(39)" title="o&#39;zbek <b>"><p lang="en">gʻoʻ</p><code>&lt;script&gt;pwn(40)</code>' +
  `<p>${TEXT_PAYLOAD.replace(/</g, '&lt;')}</p>`;

type Json = unknown;
const RICH_FIELD = /^(desc|kafedra_malumotlari|descriptions)_/;
const IMAGE_FIELD = /^(image|icon)$/;
const LINK_FIELD = /^(url_link|link|url)$/;
const KEPT = /^(id|count|next|previous|views|viewers|price|created_at|updated_at|category|opened|code)$/;

/** Every string of an answer made hostile by its kind: rich text, image URL, link, or text. */
export function hostile(json: Json, seed = { n: 0 }): Json {
  if (Array.isArray(json)) return json.map((v) => hostile(v, seed));
  if (!json || typeof json !== 'object') return json;
  return Object.fromEntries(
    Object.entries(json as Record<string, Json>).map(([key, value]) => {
      if (typeof value !== 'string' || KEPT.test(key)) return [key, hostile(value, seed)];
      if (RICH_FIELD.test(key)) return [key, RICH_PAYLOAD + value];
      if (IMAGE_FIELD.test(key) || LINK_FIELD.test(key)) return [key, URL_PAYLOADS[seed.n++ % URL_PAYLOADS.length]];
      return [key, `${TEXT_PAYLOAD} ${value}`];
    }),
  );
}

/** Every screen in every language, and the detail pages of the first few records. */
function pagesToJudge(): string[] {
  return [...screenUrls(), '/news/2', '/uz-cyrl/news/3', '/ru/qqk/2', '/en/department/2'];
}

async function judgeAll(site: Site, urls: string[], crawler: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const url of urls) {
    const answer = await get(site.url + url, { crawler });
    for (const problem of pageProblems(answer)) problems.push(`${url}: ${problem}`);
  }
  return problems;
}

/**
 * What the backend answers, set before the site starts (its search catalogue reads every list at
 * start), then what is asked of the site and judged.
 */
interface Attack {
  setup: (backend: HostileBackend) => void | Promise<void>;
  judge: (ctx: { backend: HostileBackend; site: Site }) => Promise<string[]>;
}

/** Answers `paths` (every list endpoint unless given) with `body` as it is. */
function answerWith(backend: HostileBackend, body: string | Buffer, headers: Record<string, string> = {}, path: string | RegExp = /.*/): void {
  backend.route(path, (_req, res) => res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body));
}

/** A JSON array of `count` values made by `value`. */
function arrayOf(count: number, value: (i: number) => string): string {
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) parts[i] = value(i);
  return `[${parts.join(',')}]`;
}

const MB = 1024 * 1024;

/** Fields and answers of every kind and shape; each runs on a fresh site, so that no attack hides another. */
const ATTACKS: Array<[string, Attack]> = [
  [
    'markup, scripts, comments, U+2028, RTL and zero-width in every text field; javascript:/data:/vbscript: URLs; hostile rich text',
    {
      setup: (backend) => backend.mutate((json) => hostile(json)),
      judge: async ({ site }) => [
        ...(await judgeAll(site, pagesToJudge(), false)),
        ...(await judgeAll(site, ['/', '/news/2', '/uz-cyrl/about', '/search?q=script'], true)),
      ],
    },
  ],
  [
    'numbers: negative, NaN-like, 1e308, unsafe integers, strings of digits; ids of every wrong kind',
    {
      setup: (backend) => {
        const odd: Json[] = [-1, 0, 1e308, -1e308, 2 ** 53 + 2, '9007199254740993', '1e3', 'NaN', 'Infinity', '-0', 0.5, '0x10', ' 7 ', [], {}, true, null];
        let n = 0;
        const walk = (v: Json): Json => {
          if (Array.isArray(v)) return v.map(walk);
          if (!v || typeof v !== 'object') return v;
          return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, /^(id|count|views|viewers|price)$/.test(k) ? odd[n++ % odd.length] : walk(x)]));
        };
        backend.mutate(walk);
      },
      judge: ({ site }) => judgeAll(site, pagesToJudge(), true),
    },
  ],
  [
    'wrong types: titles as objects, arrays and booleans, lists as objects, results as a string, dates far out of range',
    {
      setup: (backend) => {
        const wrong: Json[] = [{ uz: 'x' }, ['x'], true, 12, null, { toString: 'x' }];
        const dates = ['+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z', '9999-99-99', '0000-00-00', '2026-02-30T25:61:61Z', '1e12', ''];
        let n = 0;
        const walk = (v: Json): Json => {
          if (Array.isArray(v)) return v.map(walk);
          if (!v || typeof v !== 'object') return v;
          return Object.fromEntries(
            Object.entries(v).map(([k, x]) => {
              if (/^(created_at|updated_at)$/.test(k)) return [k, dates[n++ % dates.length]];
              if (/^(title|name|desc|lavozim|full_name)_/.test(k)) return [k, wrong[n++ % wrong.length]];
              if (k === 'children_kafedra' || k === 'contenttable') return [k, { a: 1 }];
              return [k, walk(x)];
            }),
          );
        };
        backend.mutate((json, path) => {
          if (path.startsWith('/category/otdellar')) return { results: 'x', count: 'y' };
          if (path.startsWith('/category/rektorot')) return { '0': {}, length: 1 };
          return walk(json);
        });
      },
      judge: ({ site }) => judgeAll(site, pagesToJudge(), true),
    },
  ],
  [
    'a 1 MB title, name and description in every language of every record',
    {
      setup: (backend) => {
        const long = `${'a '.repeat(10)}${'ʻбg@.-'.repeat(MB / 6)}`;
        const walk = (v: Json): Json => {
          if (Array.isArray(v)) return v.slice(0, 3).map(walk);
          if (!v || typeof v !== 'object') return v;
          return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, /^(title|name|lavozim|full_name|otdel_name|desc)_/.test(k) ? long : walk(x)]));
        };
        backend.mutate(walk);
      },
      judge: ({ site }) => judgeAll(site, ['/', '/newsAll', '/uz-cyrl/news/1', '/search?q=ab', '/uz-cyrl/rektorat', '/ru/department'], true),
    },
  ],
  [
    'deeply nested JSON: 4 million [ in 8 MB',
    {
      setup: (backend) => answerWith(backend, '['.repeat(4 * MB - 1) + ']'.repeat(4 * MB - 1), {}, '/category/obuniversitet/'),
      judge: ({ site }) => judgeAll(site, ['/about'], true),
    },
  ],
  [
    'huge arrays: 8 MB of {} (2.7 million records) for two lists read at once',
    {
      setup: (backend) =>
        answerWith(
          backend,
          arrayOf(2_700_000, () => '{}'),
          {},
          /^\/category\/(obuniversitet|universitetichkitartibqonunlari)\/$/,
        ),
      judge: async ({ site }) => (await Promise.all(['/about', '/rules'].map((url) => judgeAll(site, [url], true)))).flat(),
    },
  ],
  [
    'huge arrays: 8 MB of records with distinct keys (700,000 shapes)',
    {
      setup: (backend) =>
        answerWith(
          backend,
          arrayOf(700_000, (i) => `{"${i.toString(36)}":0}`),
          {},
          '/category/obuniversitet/',
        ),
      judge: ({ site }) => judgeAll(site, ['/about'], true),
    },
  ],
  [
    'slow drip: the news list one byte every 200 ms',
    {
      setup: (backend) =>
        backend.route(/^\/news\/yangiliklar\/$/, (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 200);
          res.on('close', () => clearInterval(timer));
        }),
      judge: async ({ site }) => {
        const [person, crawler] = await Promise.all([get(`${site.url}/newsAll`), get(`${site.url}/newsAll`, { crawler: true })]);
        const problems = [...pageProblems(person), ...pageProblems(crawler)];
        if (crawler.status !== 503) problems.push(`a crawler got ${crawler.status}, not 503, for a list that never came`);
        if (crawler.ms > 25_000) problems.push(`a crawler waited ${crawler.ms} ms`);
        return problems;
      },
    },
  ],
  [
    'redirects: to another host, to file: and data:, a loop within the origin',
    (() => {
      let elsewhere = 0;
      const other = createServer((_req, res) => {
        elsewhere++;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ id: 1, title_uz: 'pwn(50) from elsewhere' }]));
      });
      const redirect = (location: string) => (_req: unknown, res: ServerResponse) => res.writeHead(302, { location }).end();
      return {
        setup: async (backend: HostileBackend) => {
          await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
          const port = (other.address() as AddressInfo).port;
          backend.route('/category/obuniversitet/', redirect(`http://127.0.0.1:${port}/x`));
          backend.route('/category/rektorot/', redirect(`http://localhost:${new URL(backend.url).port}/category/rektorot/`));
          backend.route('/category/otdellar/', redirect('file:///etc/passwd'));
          backend.route('/category/kafedrashu/', redirect('data:application/json,[{"id":1,"name_uz":"pwn(51)"}]'));
          backend.route('/api/hamkorlar/', redirect('/api/hamkorlar/'));
        },
        judge: async ({ site }: { site: Site }) => {
          const problems = await judgeAll(site, ['/about', '/rektorat', '/departments', '/department', '/'], true);
          other.closeAllConnections();
          other.close();
          if (elsewhere) problems.push(`the other host was asked ${elsewhere} times`);
          return problems;
        },
      };
    })(),
  ],
  [
    'compression bombs: gzip and brotli of 64 MB in 8 MB and less, and a chain of 50 gzip codings',
    {
      setup: (backend) => {
        const zeros = Buffer.alloc(64 * MB, 0x20);
        const gz = gzipSync(Buffer.concat([Buffer.from('['), zeros]));
        const br = brotliCompressSync(Buffer.concat([Buffer.from('['), zeros]), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        let chained: Buffer = Buffer.from('[]');
        for (let i = 0; i < 50; i++) chained = gzipSync(chained);
        answerWith(backend, gz, { 'content-encoding': 'gzip' }, '/category/obuniversitet/');
        answerWith(backend, br, { 'content-encoding': 'br' }, '/category/rektorot/');
        answerWith(backend, chained, { 'content-encoding': Array(50).fill('gzip').join(', ') }, '/category/otdellar/');
      },
      judge: ({ site }) => judgeAll(site, ['/about', '/rektorat', '/departments'], true),
    },
  ],
  [
    'wrong content types and statuses: HTML, an image, UTF-16, 204, 304, 500 with JSON, 200 with no body, a BOM',
    {
      setup: (backend) => {
        backend.route('/category/obuniversitet/', (_q, res) =>
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>pwn(60)</script></html>'),
        );
        backend.route('/category/rektorot/', (_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])));
        backend.route('/category/otdellar/', (_q, res) =>
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-16le' }).end(Buffer.from('[{"id":1}]', 'utf16le')),
        );
        backend.route('/category/kafedrashu/', (_q, res) => res.writeHead(204).end());
        backend.route('/api/hamkorlar/', (_q, res) => res.writeHead(304).end());
        backend.route('/api/homecontent/', (_q, res) =>
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"<script>pwn(61)</script>"}'),
        );
        backend.route('/news/yangiliklar/', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end());
        backend.route('/category/universitetichkitartibqonunlari/', (_q, res) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end('\uFEFF[{"id":1,"descriptions_uz":"<p>bom</p>"}]'),
        );
      },
      judge: ({ site }) => judgeAll(site, ['/about', '/rektorat', '/departments', '/department', '/', '/rules'], true),
    },
  ],
  [
    'image sources: an SVG with script, HTML sent as a PNG, a redirect to another host, a source that never ends',
    {
      setup: (backend) => {
        const sources = ['/media/x/evil.svg', '/media/x/html.png', '/media/x/elsewhere.jpg', '/media/x/endless.jpg'];
        let n = 0;
        backend.mutate((json) => {
          const walk = (v: Json): Json => {
            if (Array.isArray(v)) return v.map(walk);
            if (!v || typeof v !== 'object') return v;
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, IMAGE_FIELD.test(k) ? sources[n++ % sources.length] : walk(x)]));
          };
          return walk(json);
        });
        backend.route('/media/x/evil.svg', (_q, res) =>
          res
            .writeHead(200, { 'content-type': 'image/svg+xml' })
            .end(
              '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="pwn(80)"><script>pwn(81)</script><rect width="40" height="40"/></svg>',
            ),
        );
        backend.route('/media/x/html.png', (_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>pwn(83)</script></html>'));
        backend.route('/media/x/elsewhere.jpg', (_q, res) => res.writeHead(302, { location: 'http://127.0.0.2:9/x.jpg' }).end());
        backend.route('/media/x/endless.jpg', (_q, res) => {
          res.writeHead(200, { 'content-type': 'image/jpeg' });
          const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(Buffer.alloc(1024))), 100);
          res.on('close', () => clearInterval(timer));
        });
      },
      judge: async ({ site }) => {
        const problems: string[] = [];
        const page = await get(`${site.url}/`, { crawler: true });
        problems.push(...pageProblems(page));
        const urls = [...new Set([...page.body.matchAll(/\/_img\/[\w-]+\/\d+\/[\w-]+\/[\w-]+/g)].map((m) => m[0]))].slice(0, 24);
        if (!urls.length) problems.push('no image URL on the home page');
        for (const url of urls) {
          const answer = await get(site.url + url, { headers: { accept: 'image/avif,image/webp,image/svg+xml,text/html,*/*' } });
          const type = answer.headers.get('content-type') ?? '';
          // An SVG only as the site's own default image, standing in for a refused source.
          if (!type.startsWith('image/') || (type.includes('svg') && !answer.headers.get('x-image-fallback'))) problems.push(`${url.slice(0, 40)}: ${type}`);
          if (process.env.DEBUG) console.log(url.slice(0, 50), answer.status, type, answer.headers.get('x-image-fallback'));
          if (answer.body.includes('pwn(')) problems.push(`${url.slice(0, 40)}: the source's script in the answer`);
          if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push(`${url.slice(0, 40)}: no nosniff`);
          if (answer.status >= 500) problems.push(`${url.slice(0, 40)}: ${answer.status}`);
        }
        return problems;
      },
    },
  ],
  [
    'headers: 60 KB of headers, a Set-Cookie, a connection reset mid-body',
    {
      setup: (backend) => {
        backend.route('/category/obuniversitet/', (_q, res) =>
          res.writeHead(200, { 'content-type': 'application/json', 'x-big': 'x'.repeat(60_000) }).end('[]'),
        );
        backend.route('/category/rektorot/', (_q, res) =>
          res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'a11y=size:200; Path=/' }).end('[]'),
        );
        backend.route('/category/otdellar/', (req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
          res.write('[{"id":1,');
          setImmediate(() => req.socket.destroy());
        });
      },
      judge: async ({ site }) => {
        const problems = await judgeAll(site, ['/about', '/rektorat', '/departments'], true);
        const page = await get(`${site.url}/rektorat`);
        if (page.headers.get('set-cookie')) problems.push('the backend set a cookie on the visitor');
        return problems;
      },
    },
  ],
];

export async function backendAttacks(only?: RegExp): Promise<Outcome[]> {
  const backend = await startHostileBackend();
  const results: Outcome[] = [];
  try {
    for (const [name, attack] of ATTACKS) {
      if (only && !only.test(name)) continue;
      backend.reset();
      await attack.setup(backend);
      const site = await startSite(backend.url);
      const watching = await watch(site);
      let problems: string[];
      try {
        problems = await attack.judge({ backend, site });
      } catch (error) {
        problems = [`the attack failed: ${error instanceof Error ? error.message : String(error)}`];
      }
      const { healthzMs, ownDelayMs, exited } = await watching.stop();
      if (exited) problems.push(`the site died (${exited}): ${/FATAL[^\n]*/.exec(site.output())?.[0] ?? site.output().slice(-200)}`);
      if (ownDelayMs > 1000) problems.push(`its event loop was held ${ownDelayMs} ms`);
      results.push(outcome('backend', name, problems, `healthz at most ${healthzMs} ms, own event-loop delay at most ${ownDelayMs} ms`));
      await site.stop();
    }
  } finally {
    await backend.close();
  }
  return results;
}
