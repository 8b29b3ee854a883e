/**
 * Attacks of a hostile visitor: odd URLs and headers, every method, the image endpoint with forged URLs,
 * the search with regular-expression syntax, the display settings' form and the beacon endpoint, sent
 * to the app directly and through Debian's nginx running deploy/nginx.conf. Each answer must be a clear
 * one (no 5xx, no stack trace, no file from outside public/), reflect nothing unsafely, and leave every
 * later visitor the page everyone gets.
 */
import { connect } from 'node:net';
import { startNginx, NGINX, type RunningNginx } from '../../../test/helpers/nginx';
import { get, outcome, pageProblems, startHostileBackend, startSite, watch, type Answer, type Outcome, type Site } from './parts';

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  ms: number;
}

/** Sends `request` as it is written (CRLFs and all) and reads the answer until the connection closes. */
export function raw(origin: string, request: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(60_000, () => socket.destroy(new Error('no answer in 60 s')));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0), head, body: split === -1 ? '' : text.slice(split + 4), ms: Date.now() - start });
    });
    // Written, not ended: a half-closed connection reads to nginx as a client that left.
    socket.write(request);
  });
}

const GET = (path: string, headers: string[] = []) =>
  `GET ${path} HTTP/1.1\r\nHost: ztu.example.uz\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`;

/** Text that is never in a page of the site, only in files it must not serve. */
const SECRETS = [/root:x:0:0/, /"name": "university-site"/, /REDIS_SIGNING_KEY=/, /import \{[^}]*\} from ['"]node:/, /BEGIN [A-Z ]*PRIVATE KEY/];

const ODD_PATHS = [
  '/%',
  '/%E0%A4',
  '/%00',
  '/%ED%A0%80',
  '/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/assets/..%2f..%2fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/assets/..%5c..%5cpackage.json',
  '/docs/..%2F..%2Fpackage.json',
  '/media/..%2f..%2f..%2fserver%2findex.js',
  '/favicon.ico/..%2f..%2fpackage.json',
  '/.env',
  '/.git/config',
  '/dist/server/index.js',
  '//evil.example/',
  '/\\evil.example/',
  '/%2F%2Fevil.example/',
  '/news/1%2F..%2F2',
  '/news/01',
  '/news/-1',
  '/news/1e3',
  '/news/99999999999999999999999',
  '/news/1;x',
  '/newsAll?page=0x10',
  '/newsAll?page=9999',
  '/newsAll?page=1&page=2',
  '/newsAll?page[]=1',
  '/search?q[]=x&q[a]=y',
  '/search?q=%ED%A0%80',
  '/search?q=%00%00',
  '/?%=&=%&&&==',
  '/uz-cyrl/../ru/about',
  '/RU/About',
  '/ABOUT',
  '/about/',
  '/about//',
  '/about/.',
  '/about?q=<script>pwn(70)</script>',
  `/${'a/'.repeat(3000)}`,
  `/search?q=${'x'.repeat(12_000)}`,
  `/${'%'.repeat(4000)}`,
  '/accessibility?back=//evil.example/',
  '/accessibility?back=/\\evil.example',
  '/accessibility?back=https://evil.example/',
  '/accessibility?back=/%0d%0aSet-Cookie:%20pwn=1',
  '/accessibility?back=/%E2%80%A8',
  '/sitemap.xml?x=<script>',
  '/robots.txt/..',
  '/healthz?<script>',
  '/readyz',
];

/** Regular-expression syntax, the search's own worst cases and every letter class at the query's bound. */
const SEARCHES = [
  '(a+)+$',
  '.*.*.*.*',
  '\\',
  '[',
  '(?<=x)y',
  'a{1000000}',
  '$&$1$`',
  '*',
  '%',
  '"\'><script>pwn(71)</script>',
  'a'.repeat(200),
  'ʻ'.repeat(200),
  '@'.repeat(200),
  '.'.repeat(200),
  '-'.repeat(200),
  '\u0301'.repeat(200),
  '\u202E'.repeat(100),
  'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(4),
  'ab '.repeat(66),
  'o‘qu o`qu oʻqu o’qu '.repeat(10),
];

function problemsOf(answer: Answer, where: string): string[] {
  const problems = pageProblems(answer).map((p) => `${where}: ${p}`);
  if (SECRETS.some((secret) => secret.test(answer.body))) problems.push(`${where}: a file from outside public/`);
  const offSite = /(?:href|src|content|action)="(?:https?:)?\/\/evil\.example[^"]*"/.exec(answer.body);
  if (offSite) problems.push(`${where}: ${offSite[0]}`);
  return problems;
}

function rawProblems(answer: RawAnswer, where: string): string[] {
  const problems: string[] = [];
  // Node closes a CONNECT it has no handler for without a word: no answer is the right one there.
  if (answer.status >= 500 || (answer.status === 0 && !where.startsWith('CONNECT'))) problems.push(`${where}: ${answer.status || 'no answer'}`);
  if (SECRETS.some((secret) => secret.test(answer.body))) problems.push(`${where}: a file from outside public/`);
  if (/\bat [\w$.<>]+ \((?:file:|node:|\/)/.test(answer.body)) problems.push(`${where}: stack trace`);
  const location = /^location: (.*)$/im.exec(answer.head)?.[1];
  if (location && /^(?:[a-z]+:)?[/\\]{2}|^[a-z]+:/i.test(location.trim()) && !location.includes('ztu.example.uz'))
    problems.push(`${where}: redirects off the site to ${location}`);
  if (/^(?:set-cookie: pwn|x-pwn)/im.test(answer.head)) problems.push(`${where}: a header the request injected`);
  return problems;
}

/** Every attack on one origin (the app's or nginx's). */
async function attacksOn(origin: string, via: string, site: Site, only?: RegExp): Promise<Outcome[]> {
  const results: Outcome[] = [];
  const run = async (name: string, attack: () => Promise<string[]>) => {
    if (only && !only.test(name)) return;
    const watching = await watch(site);
    let problems: string[];
    try {
      problems = await attack();
    } catch (error) {
      problems = [`the attack failed: ${error instanceof Error ? error.message : String(error)}`];
    }
    const { healthzMs, ownDelayMs, exited } = await watching.stop();
    if (exited) problems.push(`the site died (${exited})`);
    if (ownDelayMs > 1000) problems.push(`its event loop was held ${ownDelayMs} ms`);
    results.push(outcome(`visitor via ${via}`, name, problems, `healthz at most ${healthzMs} ms, own event-loop delay at most ${ownDelayMs} ms`));
  };

  await run('odd, encoded, traversing and overlong URLs', async () => {
    const problems: string[] = [];
    for (const path of ODD_PATHS) problems.push(...rawProblems(await raw(origin, GET(path)), path.slice(0, 60)));
    for (const path of ODD_PATHS.filter((p) => !p.startsWith('//') && p.length < 8000)) {
      const answer = await get(origin + path).catch(() => null);
      if (answer) problems.push(...problemsOf(answer, path.slice(0, 60)));
    }
    return problems;
  });

  await run('odd headers: Host, X-Forwarded-*, Accept-*, Cookie, If-*, Range, User-Agent', async () => {
    const headerSets: string[][] = [
      ['Host: evil.example'],
      ['Host: "><script>pwn(72)</script>'],
      ['Host: ztu.example.uz:99999'],
      ['X-Forwarded-Host: evil.example', 'X-Forwarded-Proto: javascript', 'X-Forwarded-For: <script>, 1.1.1.1, ::1'],
      [`X-Forwarded-For: ${'10.0.0.1, '.repeat(800)}1.2.3.4`],
      ['Accept-Language: *;q=NaN, uz-Cyrl;q=1e999, ru-RU-x-' + 'a'.repeat(4000)],
      ['Accept-Encoding: br;q=NaN, gzip;q=1e999, *;q=-1, ' + 'x,'.repeat(2000)],
      ['Accept: ' + 'image/avif;q=0.9,'.repeat(400)],
      ['Cookie: ' + 'a11y=size:200; '.repeat(400)],
      ['Cookie: a11y=' + 'size:200|'.repeat(800)],
      ['Cookie: a11y=%; a11y=%E0%A4%A; =; ;;'],
      ['Cookie: a11y="><script>pwn(73)</script>'],
      ['If-None-Match: ' + 'W/"x", '.repeat(1500) + '*'],
      ['If-Modified-Since: Sat, 01 Jan 100000 00:00:00 GMT'],
      ['Range: bytes=' + Array.from({ length: 800 }, (_, i) => `${i}-${i}`).join(',')],
      ['Range: bytes=-1'],
      ['User-Agent: ' + 'Googlebot '.repeat(700)],
      ['Expect: 100-continue'],
      ['Upgrade: websocket', 'Connection: Upgrade'],
      ['Content-Length: 5'],
      ['Transfer-Encoding: chunked'],
    ];
    const problems: string[] = [];
    for (const path of ['/', '/about', '/assets/', '/robots.txt', '/_img/x/480/_/eA']) {
      for (const headers of headerSets) {
        const request = headers.some((h) => h.startsWith('Host:'))
          ? GET(path, headers).replace('Host: ztu.example.uz\r\n', '')
          : headers.includes('Content-Length: 5')
            ? GET(path, headers).replace('\r\n\r\n', '\r\n\r\nhello')
            : headers.includes('Transfer-Encoding: chunked')
              ? GET(path, headers).replace('\r\n\r\n', '\r\n\r\n5\r\nhello\r\n0\r\n\r\n')
              : GET(path, headers);
        const answer = await raw(origin, request);
        problems.push(...rawProblems(answer, `${path} ${headers[0]!.slice(0, 40)}`));
        if (/evil\.example|pwn\(/.test(answer.body)) problems.push(`${path} ${headers[0]!.slice(0, 40)}: reflected in the page`);
      }
    }
    // Through a shared cache: the page everyone gets afterwards is the default one, with no trace of them.
    const after = await get(`${origin}/about`);
    problems.push(...problemsOf(after, 'the next visitor'));
    if (/evil\.example|pwn\(|data-text-size="200"/.test(after.body)) problems.push('the next visitor got a page made for one of them');
    return problems;
  });

  await run('every method on every kind of path', async () => {
    const problems: string[] = [];
    const methods = ['HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'FOO', 'CONNECT'];
    for (const path of [
      '/',
      '/about',
      '/assets/x.js',
      '/_img/x/480/_/eA',
      '/accessibility',
      '/_vitals',
      '/healthz',
      '/readyz',
      '/robots.txt',
      '/sitemap.xml',
      '/_cache/purge',
    ]) {
      for (const method of methods) {
        const target = method === 'CONNECT' ? 'ztu.example.uz:443' : path;
        const answer = await raw(origin, `${method} ${target} HTTP/1.1\r\nHost: ztu.example.uz\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        problems.push(...rawProblems(answer, `${method} ${path}`));
        if (method === 'TRACE' && answer.body.includes('Host: ztu.example.uz')) problems.push(`TRACE ${path} echoes the request`);
      }
    }
    return problems;
  });

  await run('the image endpoint: forged signatures, widths, versions and sources', async () => {
    const page = await get(`${origin}/`);
    const image = /\/_img\/([\w-]+)\/(\d+)\/([\w-]+)\/([\w-]+)/.exec(page.body);
    if (!image) return ['no image URL on the home page'];
    const [, signature, width, version, source] = image as unknown as string[];
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const forged = [
      `/_img/${signature}/99999/${version}/${source}`,
      `/_img/${signature}/0/${version}/${source}`,
      `/_img/${signature}/${width}/AAAAAAAAAAAAAAAA/${source}`,
      `/_img/${signature}/${width}/_/${source}`,
      `/_img/${signature}/${width}/${version}/${b64('file:///etc/passwd')}`,
      `/_img/${signature}/${width}/${version}/${b64('http://169.254.169.254/latest/meta-data/')}`,
      `/_img/${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}/${width}/${version}/${source}`,
      `/_img/${'A'.repeat(43)}/${width}/${version}/${source}`,
      `/_img/${signature}/${width}/${version}/${source}/..`,
      `/_img/${signature}/${width}/${version}/${'A'.repeat(8000)}`,
      `/_img/${signature}/og/${version}/${source}`,
      `/_IMG/${signature}/${width}/${version}/${source}`,
    ];
    const problems: string[] = [];
    for (const path of forged.filter((p) => p !== image[0])) {
      const answer = await raw(origin, GET(path, ['Accept: image/avif,image/webp,*/*']));
      problems.push(...rawProblems(answer, path.slice(0, 60)));
      if (answer.status === 200 && !path.includes('/og/')) problems.push(`${path.slice(0, 60)}: a forged URL answered 200`);
    }
    const good = await raw(origin, GET(image[0], ['Accept: text/html,*/*']));
    if (good.status !== 200 || !/^content-type: image\//im.test(good.head)) problems.push(`the page's own image answered ${good.status}`);
    if (/^content-type: image\/svg/im.test(good.head) && !/^content-security-policy:/im.test(good.head)) problems.push('an SVG image without a CSP');
    return problems;
  });

  await run('search: regular-expression syntax, letter runs and many words at the query bound', async () => {
    const problems: string[] = [];
    let slowest = 0;
    for (const q of SEARCHES) {
      for (const lang of ['', '/uz-cyrl', '/ru']) {
        const answer = await get(`${origin}${lang}/search?q=${encodeURIComponent(q)}`);
        slowest = Math.max(slowest, answer.ms);
        problems.push(...problemsOf(answer, `search ${lang} ${q.slice(0, 30)}`));
        if (answer.body.includes('<script>pwn(')) problems.push(`search ${q.slice(0, 30)}: the query as markup`);
      }
    }
    if (slowest > 5000) problems.push(`a search took ${slowest} ms`);
    return problems;
  });

  await run('the display form: forged origins, huge bodies, many fields, hostile way back', async () => {
    const problems: string[] = [];
    const post = (body: string, headers: string[] = []) =>
      raw(
        origin,
        `POST /accessibility HTTP/1.1\r\nHost: ztu.example.uz\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n${body}`,
      );
    const backs = [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      '/%0d%0aSet-Cookie:%20pwn=1',
      '/\r\nSet-Cookie: pwn=1',
      '/..//evil.example',
      '/./\\evil',
      'javascript:pwn(74)',
    ];
    for (const back of backs) {
      const answer = await post(`size=200&back=${encodeURIComponent(back)}`, ['Sec-Fetch-Site: same-origin']);
      problems.push(...rawProblems(answer, `back=${back.slice(0, 30)}`));
    }
    const crossSite = await post('size=200&back=/', ['Sec-Fetch-Site: cross-site']);
    if (crossSite.status !== 403 || /set-cookie/i.test(crossSite.head)) problems.push(`a cross-site POST answered ${crossSite.status}`);
    const nullOrigin = await post('size=200&back=/', ['Origin: null']);
    if (/set-cookie: a11y=size/i.test(nullOrigin.head)) problems.push('Origin: null set the cookie');
    for (const [name, body] of [
      ['1 MB body', `size=200&x=${'a'.repeat(1024 * 1024)}`],
      ['1000 fields', Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join('&')],
      ['odd values', 'size=9999&contrast=<script>&images=%ZZ&motion[]=x&size=200'],
    ] as const) {
      const answer = await post(body, ['Sec-Fetch-Site: same-origin']);
      problems.push(...rawProblems(answer, name));
      if (/set-cookie: a11y=[^;]*[<%]/i.test(answer.head)) problems.push(`${name}: a cookie of what was sent`);
    }
    const json = await raw(
      origin,
      'POST /accessibility HTTP/1.1\r\nHost: ztu.example.uz\r\nContent-Type: application/json\r\nContent-Length: 13\r\nSec-Fetch-Site: same-origin\r\nConnection: close\r\n\r\n{"size":"200"',
    );
    problems.push(...rawProblems(json, 'a JSON body'));
    return problems;
  });

  await run('the beacon endpoint: a flood, spoofed addresses, huge and malformed bodies', async () => {
    const problems: string[] = [];
    const beacon = (body: string, headers: string[] = []) =>
      raw(
        origin,
        `POST /_vitals HTTP/1.1\r\nHost: ztu.example.uz\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nSec-Fetch-Site: same-origin\r\nUser-Agent: Mozilla/5.0\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n${body}`,
      );
    const good = JSON.stringify({ path: '/', navigation: 'navigate', device: 'mobile', metrics: { LCP: 1200 } });
    const statuses = new Map<number, number>();
    // Each with another X-Forwarded-For: the app trusts it from a proxy on loopback or a private network,
    // so only the process's total bounds them there; nginx bounds them by the address it sees.
    const answers = await Promise.all(Array.from({ length: 1500 }, (_, i) => beacon(good, [`X-Forwarded-For: 10.${i >> 8}.${i & 255}.1`])));
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (!statuses.get(429)) problems.push(`1500 beacons at once, each from another X-Forwarded-For, none refused: ${JSON.stringify([...statuses])}`);
    for (const [name, body] of [
      ['nested', '['.repeat(1500)],
      ['a long path', JSON.stringify({ path: `/${'a'.repeat(300)}`, navigation: 'navigate', device: 'mobile', metrics: { LCP: 1 } })],
      ['__proto__', '{"path":"/","navigation":"navigate","device":"mobile","metrics":{"__proto__":{"LCP":1}}}'],
      ['4 KB', 'x'.repeat(4096)],
    ] as const) {
      const answer = await beacon(body);
      problems.push(...rawProblems(answer, `beacon ${name}`));
    }
    return problems;
  });

  return results;
}

export async function visitorAttacks(only?: RegExp): Promise<Outcome[]> {
  const backend = await startHostileBackend();
  const site = await startSite(backend.url, { RUM_SAMPLE: '1' });
  let nginx: RunningNginx | null = null;
  const results: Outcome[] = [];
  try {
    results.push(...(await attacksOn(site.url, 'the app', site, only)));
    if (NGINX) {
      nginx = await startNginx([Number(new URL(site.url).port)]);
      results.push(...(await attacksOn(nginx.url, 'nginx', site, only)));
    } else {
      results.push(outcome('visitor via nginx', 'every attack above', ['nginx is not installed']));
    }
  } finally {
    nginx?.stop();
    await site.stop();
    await backend.close();
  }
  return results;
}
