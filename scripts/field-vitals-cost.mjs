/**
 * `npm run bench:field-vitals`: what field Web Vitals beacons (POST /_vitals, server/field-vitals/) cost
 * the site, beside what a warm page costs it: the site's CPU per request (all its threads, from /proc),
 * with the built site on the embedded content and its request log on, as in production.
 *
 * Floods come from wrk (Debian's package, C, one thread, 16 connections), as fast as the site answers,
 * for FIELD_VITALS_SECONDS (5 by default) each, FIELD_VITALS_ROUNDS times (3) in turn (medians), beside a warm page (GET /ru/about, stored) under the
 * same load: valid beacons from one address (past 40, each refused with 429), valid beacons from ever new
 * addresses (past the total bound, 429), and bodies that are not JSON from ever new addresses (400,
 * then 429). Beacons that are taken are bounded (200 a second a replica), so they are measured at 150 a
 * second, from Node, beside the warm page at the same pace: at a pace, what a process spends anyway
 * between requests counts in both. Addresses go in X-Forwarded-For, which the site takes from its
 * loopback proxy. Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './lib/median.mjs';
import { cpuMicros } from './lib/process-cpu.mjs';
import { startBuiltSite } from './lib/site-process.mjs';

const SECONDS = Number(process.env.FIELD_VITALS_SECONDS ?? 5);
const ROUNDS = Number(process.env.FIELD_VITALS_ROUNDS ?? 3);
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
if (!WRK) {
  console.error('npm run bench:field-vitals needs wrk: apt-get install -y wrk');
  process.exit(1);
}
const PERSON = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
const BEACON = JSON.stringify({
  path: '/ru/news/5',
  navigation: 'navigate',
  device: 'mobile',
  metrics: { LCP: 2300, INP: 180, CLS: 0.04, FCP: 1200, TTFB: 450 },
});
const PAGE = '/ru/about';

/** A wrk script posting `body` to /_vitals, from one address or from a new one each request. */
const postScript = (body, newAddresses) => `
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"
function request()
  n = n + 1
  local from = ${newAddresses ? '"10." .. math.floor(n / 65536) % 256 .. "." .. math.floor(n / 256) % 256 .. "." .. n % 256' : '"10.255.255.1"'}
  local headers = { ["X-Forwarded-For"] = from }
  for name, value in pairs(wrk.headers) do headers[name] = value end
  return wrk.format(nil, "/_vitals", headers, ${JSON.stringify(body)})
end`;

const site = await startBuiltSite({ env: { RUM_SAMPLE: '1', LOG_LEVEL: 'info', SITE_URL: 'https://ztu.example.uz' }, stdio: ['ignore', 'ignore', 'inherit'] });
const pid = site.child.pid;

/** wrk on `path` (with `script`, if any): the site's CPU per request and what it answered. */
function flood(path, script, seconds = SECONDS) {
  const file = script && join(tmpdir(), `field-vitals-cost-${process.pid}.lua`);
  if (file) writeFileSync(file, script);
  const before = cpuMicros([pid]);
  const out = execFileSync(
    WRK,
    ['-t1', '-c16', `-d${seconds}s`, '-H', `User-Agent: ${PERSON}`, '-H', 'Accept-Encoding: br', ...(file ? ['-s', file] : []), site.url + path],
    {
      encoding: 'utf8',
    },
  );
  const cpu = cpuMicros([pid]) - before;
  if (file) rmSync(file, { force: true });
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { cpuUs: cpu / requests, perSecond: requests / seconds, answers: non2xx ? `${requests - non2xx} 2xx, ${non2xx} refused` : `${requests} 2xx` };
}

/** `send` at `perSecond` for SECONDS from Node: the site's CPU per request. */
async function paced(send, perSecond) {
  const started = Date.now();
  const total = perSecond * SECONDS;
  const before = cpuMicros([pid]);
  const statuses = new Map();
  for (let sent = 0; sent < total; sent++) {
    const due = started + (sent / perSecond) * 1000;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const res = await send(sent);
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  const cpuUs = (cpuMicros([pid]) - before) / total;
  return { cpuUs, perSecond, answers: [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ') };
}

/** Each beacon case starts with the total bound full again (it fills in two seconds). */
const refill = () => new Promise((resolve) => setTimeout(resolve, 2500));
const get = () => fetch(site.url + PAGE, { headers: { 'accept-encoding': 'br', 'user-agent': PERSON } });
const post = (n) =>
  fetch(`${site.url}/_vitals`, {
    method: 'POST',
    body: BEACON,
    headers: { 'content-type': 'text/plain', 'user-agent': PERSON, 'x-forwarded-for': `10.1.${(n >> 8) & 255}.${n & 255}` },
  });

const CASES = [
  ['a warm page, as fast as it goes', () => flood(PAGE, null)],
  ['valid beacons from one address, as fast as they go', () => flood('', postScript(BEACON, false))],
  ['valid beacons from new addresses, as fast as they go', () => flood('', postScript(BEACON, true))],
  ['bad beacons from new addresses, as fast as they go', () => flood('', postScript('not a beacon', true))],
  ['a warm page, 150 a second', () => paced(get, 150)],
  ['beacons taken (new addresses), 150 a second', () => paced(post, 150)],
];

// The page is stored and the code paths warmed before anything is measured.
flood(PAGE, null, 3);
flood('', postScript(BEACON, true), 3);
// Rounds of every case in turn, so that a busy spell of the machine touches them all alike, each round
// beginning one case further on (the garbage a case leaves is collected during the next); medians.
const runs = CASES.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (let step = 0; step < CASES.length; step++) {
    const i = (round + step) % CASES.length;
    await refill();
    runs[i].push(await CASES[i][1]());
  }
}
for (const [i, [name]] of CASES.entries()) {
  const cpuUs = median(runs[i].map((run) => run.cpuUs));
  const { perSecond, answers } = runs[i].find((run) => run.cpuUs === cpuUs);
  console.log(`${name.padEnd(52)} ${cpuUs.toFixed(0).padStart(5)} µs of the site's CPU a request, ${perSecond.toFixed(0).padStart(5)} a second (${answers})`);
}
site.child.kill('SIGTERM');
