/**
 * The load: Debian's wrk through nginx, in segments of at most a minute (each re-reads the URL lists,
 * so image variants named by pages since are asked for too). A Lua script picks each request:
 *   55 % a warm page (of ./urls.mjs's ~400), 22 % a crawler's invented URL (news ids to 10^6, search
 *   queries, random query strings, list pages past the end), 15 % an image variant, 6 % a feed,
 *   the rest the sitemap;
 * and, for every answer, looks for the markup of ./hostile.mjs (a page that let it through), writing
 * each find with its second to a file. Visitors ask for brotli or gzip, as browsers do (what a replica
 * stores and sends most); the crawler asks for plain HTML, which the script can read: its invented URLs
 * include every warm page with a random query, rendered from the same data. Statuses and times are
 * read from nginx's access log instead (./access-log.mjs), which sees every answer, wrk's and the soak
 * test's own.
 */
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKERS } from './hostile.mjs';
import { launch, stopProcess } from './processes.mjs';

export const WRK = '/usr/bin/wrk';
const SEGMENT_S = 60;

const luaString = (text) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The wrk script; its arguments: warm list, image list, marker file, pace (ms between requests). */
function luaScript() {
  return `
local warm, images = {}, {}
local pace = 0
local found = nil
local langs = {"", "/uz-cyrl", "/ru", "/en"}
local words = {"talaba", "qabul", "universitet", "fakultet", "imtihon", "grant", "magistr", "kutubxona", "xalqaro", "sport"}
local feeds = {"/rss.xml", "/uz-cyrl/rss.xml", "/ru/rss.xml", "/en/rss.xml"}
local markers = {${MARKERS.map(([name, text]) => `{${luaString(name)}, ${luaString(text)}}`).join(', ')}}
local visitor = {["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 soak", ["Accept-Encoding"] = "br, gzip"}
local crawler = {["User-Agent"] = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"}
local imageHeaders = {["User-Agent"] = visitor["User-Agent"], ["Accept"] = "image/avif,image/webp,image/*;q=0.8", ["Accept-Encoding"] = "br, gzip"}

local function readLines(path, into)
  for line in io.lines(path) do if #line > 0 then into[#into + 1] = line end end
end
local function pick(list) return list[math.random(#list)] end

function init(args)
  readLines(args[1], warm)
  readLines(args[2], images)
  found = io.open(args[3], "a")
  pace = tonumber(args[4]) or 0
  math.randomseed(os.time() + tonumber(string.match(tostring({}), "0x(%x+)") or "0", 16) % 1000003)
end

local function invented()
  local k = math.random(5)
  if k == 1 then return pick(langs) .. "/news/" .. math.random(5000) end
  if k == 2 then return pick(langs) .. "/news/" .. math.random(1000000) end
  if k == 3 then return pick(langs) .. "/search?q=" .. pick(words) .. math.random(100000) end
  if k == 4 then
    local page = pick(warm)
    local sep = string.find(page, "?", 1, true) and "&" or "?"
    return page .. sep .. "utm_source=crawler&n=" .. math.random(1000000000)
  end
  return pick(langs) .. "/newsAll?page=" .. math.random(300)
end

function request()
  local r = math.random()
  if r < 0.55 then return wrk.format("GET", pick(warm), visitor) end
  if r < 0.77 then return wrk.format("GET", invented(), crawler) end
  if r < 0.92 and #images > 0 then return wrk.format("GET", pick(images), imageHeaders) end
  if r < 0.98 then return wrk.format("GET", pick(feeds), visitor) end
  return wrk.format("GET", "/sitemap.xml", crawler)
end

function delay()
  if pace > 0 then return math.random(0, 2 * pace) end
  return 0
end

function response(status, headers, body)
  if body == nil or #body == 0 then return end
  for _, marker in ipairs(markers) do
    if string.find(body, marker[2], 1, true) then
      found:write(os.time(), " ", status, " ", marker[1], "\\n")
      found:flush()
    end
  end
end
`;
}

/** wrk's summary: requests, socket errors (connect, read, write, timeout). */
function summary(text) {
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requests: Number(/(\d+) requests in/.exec(text)?.[1] ?? 0),
    connectErrors: Number(errors?.[1] ?? 0),
    readErrors: Number(errors?.[2] ?? 0),
    writeErrors: Number(errors?.[3] ?? 0),
    timeouts: Number(errors?.[4] ?? 0),
  };
}

/**
 * Runs wrk segments against `url` until `signal` aborts or `untilMs` (Date.now()) passes. `lists()`
 * gives the current warm and image URLs. Resolves with the segments' summed summary.
 */
export async function driveLoad({ url, dir, connections, paceMs, untilMs, lists, signal }) {
  const script = join(dir, 'soak.lua');
  writeFileSync(script, luaScript());
  const markerFile = join(dir, 'markers.txt');
  writeFileSync(markerFile, '');
  const total = { requests: 0, connectErrors: 0, readErrors: 0, writeErrors: 0, timeouts: 0, segments: 0 };
  const maxSegments = Math.ceil((untilMs - Date.now()) / 1000 / SEGMENT_S) + 2;
  for (let segment = 0; segment < maxSegments && !signal.aborted; segment++) {
    const seconds = Math.min(SEGMENT_S, Math.floor((untilMs - Date.now()) / 1000));
    if (seconds < 1) break;
    const { warm, images } = lists();
    writeFileSync(join(dir, 'warm.txt'), warm.join('\n') + '\n');
    writeFileSync(join(dir, 'images.txt'), (images.length ? images : warm.slice(0, 1)).join('\n') + '\n');
    const outFile = join(dir, `wrk-${segment}.txt`);
    const out = openSync(outFile, 'w');
    const proc = launch(
      'wrk',
      WRK,
      [
        '-t2',
        `-c${connections}`,
        `-d${seconds}s`,
        '--timeout',
        '35s',
        '-s',
        script,
        url,
        '--',
        join(dir, 'warm.txt'),
        join(dir, 'images.txt'),
        markerFile,
        String(paceMs),
      ],
      { stdout: out, stderr: out },
    );
    closeSync(out);
    const stopOnAbort = () => void stopProcess(proc, 'SIGINT', 5_000);
    signal.addEventListener('abort', stopOnAbort, { once: true });
    const ended = await Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, (seconds + 40) * 1000))]);
    signal.removeEventListener('abort', stopOnAbort);
    if (!ended) await stopProcess(proc, 'SIGINT', 5_000);
    else proc.asked = true;
    const part = summary(readFileSync(outFile, 'utf8'));
    for (const key of Object.keys(part)) total[key] += part[key];
    total.segments++;
  }
  return { ...total, markerFile };
}
