/**
 * The outside tester's tools: a backend on 127.0.0.1 that serves the embedded demo content and can be
 * told to answer anything instead, the built site started as production starts it (its heap limit
 * included), a watch on its event loop, and the checks every page an attack produced must pass.
 */
import { type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { JSDOM } from 'jsdom';
import { createEmbeddedSource, EMBEDDED_STUDENT_LIFE_PATH } from '../../../server/backend/embedded-source';
import { PUBLIC_DIR } from '../../../server/paths';
import { startBuiltSite } from '../site-process.mjs';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HostileBackend {
  url: string;
  /** Answers `path` (exact, with its query) or every path `path` matches with `handler`; null restores the content. */
  route(path: string | RegExp, handler: Handler | null): void;
  /** Rewrites every JSON answer of the embedded content (null: as it is). */
  mutate(rewrite: ((json: unknown, path: string) => unknown) | null): void;
  calls(path?: string): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startHostileBackend(): Promise<HostileBackend> {
  const source = createEmbeddedSource();
  const routes: Array<[string | RegExp, Handler]> = [];
  let rewrite: ((json: unknown, path: string) => unknown) | null = null;
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const own = routes.find(([p]) => (typeof p === 'string' ? p === path : p.test(path)));
    if (own) return own[1](req, res);
    // The content's images, as the backend's media would serve them.
    if (path.startsWith('/media/') && !path.includes('..')) {
      const file = join(PUBLIC_DIR, decodeURIComponent(path.split('?')[0]!));
      const type = { '.svg': 'image/svg+xml', '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' }[extname(file)] ?? 'application/octet-stream';
      return void readFile(file).then(
        (body) => res.writeHead(200, { 'content-type': type }).end(body),
        () => res.writeHead(404).end(),
      );
    }
    void source.fetchJson(path, new AbortController().signal).then((result) => {
      if (res.destroyed) return;
      if (result.kind !== 'ok') return res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
      const json = rewrite ? rewrite(structuredClone(result.json), path) : result.json;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route(path, handler) {
      const at = routes.findIndex(([p]) => String(p) === String(path));
      if (at >= 0) routes.splice(at, 1);
      if (handler) routes.unshift([path, handler]);
    },
    mutate(next) {
      rewrite = next;
    },
    calls: (path) => (path ? (counts.get(path) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0)),
    reset() {
      routes.length = 0;
      rewrite = null;
      counts.clear();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Site {
  url: string;
  metricsUrl: string;
  child: ChildProcess;
  output(): string;
  /** The exit, if the process has ended: its code or signal. */
  exited(): string | null;
  stop(): Promise<void>;
}

/** The built site as production runs it (node flags, heap limit), on `backendUrl` when given. */
export async function startSite(backendUrl: string | null, env: Record<string, string> = {}): Promise<Site> {
  const site = await startBuiltSite({
    env: {
      LOG_LEVEL: 'warn',
      IMAGE_SIGNING_KEY: 'outside-test-image-signing-key-0123',
      ...(backendUrl ? { BACKEND_URL: backendUrl, SITE_URL: 'https://ztu.example.uz', STUDENT_LIFE_PATH: EMBEDDED_STUDENT_LIFE_PATH } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  site.child.stdout?.on('data', (d: Buffer) => (output = (output + String(d)).slice(-200_000)));
  site.child.stderr?.on('data', (d: Buffer) => (output = (output + String(d)).slice(-200_000)));
  let exit: string | null = null;
  const ended = new Promise<void>((resolve) =>
    site.child.once('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  return {
    url: site.url,
    metricsUrl: site.metricsUrl,
    child: site.child,
    output: () => output,
    exited: () => exit,
    async stop() {
      if (exit === null) site.child.kill('SIGTERM');
      await ended;
    },
  };
}

export interface Watch {
  /** Longest a /healthz took while watched, the process's own event-loop delay at most, and whether it died. */
  stop(): Promise<{ healthzMs: number; ownDelayMs: number; exited: string | null }>;
}

/** Asks /healthz every 100 ms and reads the own event-loop delay the process measured meanwhile. */
export async function watch(site: Site): Promise<Watch> {
  await ownDelayMs(site); // starts a new window
  let running = true;
  let worst = 0;
  const probe = (async () => {
    while (running && site.exited() === null) {
      const start = Date.now();
      await fetch(`${site.url}/healthz`, { signal: AbortSignal.timeout(60_000) }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
      worst = Math.max(worst, Date.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await probe;
      return { healthzMs: worst, ownDelayMs: site.exited() === null ? await ownDelayMs(site) : 0, exited: site.exited() };
    },
  };
}

async function ownDelayMs(site: Site): Promise<number> {
  const text = await fetch(`${site.metricsUrl}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const line = /^site_eventloop_own_delay_max_seconds (\S+)$/m.exec(text);
  return line ? Math.round(Number(line[1]) * 1000) : 0;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  ms: number;
}

/** A GET (or another method) of the site, as a browser (streamed) or as curl (whole page). */
export async function get(url: string, init: RequestInit & { crawler?: boolean } = {}): Promise<Answer> {
  const start = Date.now();
  const headers = new Headers(init.headers);
  if (init.crawler) headers.set('user-agent', 'curl/8.0');
  else if (!headers.has('user-agent')) headers.set('user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36');
  const res = await fetch(url, { redirect: 'manual', ...init, headers, signal: init.signal ?? AbortSignal.timeout(60_000) });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, ms: Date.now() - start };
}

/** What marks a hostile party's markup: every payload calls pwn(). */
export const PWN = 'pwn(';

const FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.google.com'];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'background', 'ping', 'srcset'];

/**
 * What is wrong with a page a visitor got: a server error or a stack trace, markup or script of
 * someone else's, a URL that runs code, JSON in a script that no longer parses (a title that closed its
 * script), or a page cut short (no footer). Empty for a good page.
 */
export function pageProblems(answer: Answer, { allow = [] as number[] } = {}): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 && answer.status !== 503 && !allow.includes(answer.status)) problems.push(`status ${answer.status}`);
  if (/\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/.test(answer.body) || /\b(?:TypeError|RangeError|SyntaxError|ReferenceError): /.test(answer.body))
    problems.push('stack trace or error text in the body');
  const type = answer.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html')) return problems;
  if (answer.body.length > 4 * 1024 * 1024) problems.push(`page of ${answer.body.length} characters`);
  const { document } = new JSDOM(answer.body).window;
  for (const script of document.querySelectorAll('script')) {
    const kind = script.getAttribute('type') ?? '';
    const src = script.getAttribute('src');
    if (kind === 'application/ld+json' || kind === 'application/json' || kind === 'speculationrules') {
      try {
        JSON.parse(script.textContent ?? '');
      } catch {
        problems.push(`a ${kind} script that is not JSON: ${(script.textContent ?? '').slice(0, 80)}`);
      }
      if ((script.textContent ?? '').includes('<')) problems.push(`'<' inside a ${kind} script`);
    } else if (src !== null) {
      if (!src.startsWith('/assets/')) problems.push(`script from ${src.slice(0, 80)}`);
    } else if (!script.hasAttribute('nonce') || (script.textContent ?? '').includes(PWN)) {
      problems.push(`inline script: ${(script.textContent ?? '').slice(0, 80)}`);
    }
  }
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`<${element.localName} ${name}=…>`);
      if (
        URL_ATTRIBUTES.includes(name) &&
        // eslint-disable-next-line no-control-regex -- browsers drop these inside a URL's scheme
        /^\s*(?:javascript|vbscript|data:text|data:application|data:image\/svg)/i.test(attribute.value.replace(/[\s\u0000-\u001f]/g, ''))
      )
        problems.push(`<${element.localName} ${name}="${attribute.value.slice(0, 60)}">`);
    }
  }
  for (const frame of document.querySelectorAll('iframe, frame, object, embed')) {
    const src = frame.getAttribute('src') ?? frame.getAttribute('data') ?? '';
    if (frame.hasAttribute('srcdoc') || (src && !src.startsWith('/') && !FRAME_ORIGINS.some((origin) => src.startsWith(`${origin}/`))))
      problems.push(`<${frame.localName}> of ${src.slice(0, 80)}`);
  }
  if (document.querySelector('meta[http-equiv]:not([http-equiv="content-type" i])')) problems.push('meta http-equiv');
  if (document.querySelector('base')) problems.push('<base>');
  for (const form of document.querySelectorAll('form[action]')) {
    const action = form.getAttribute('action') ?? '';
    if (!/^[/#]/.test(action)) problems.push(`form to ${action.slice(0, 80)}`);
  }
  if (document.querySelectorAll('html').length !== 1 || document.querySelectorAll('body').length !== 1) problems.push('not one html and one body');
  const plainError = answer.status >= 400 && !document.querySelector('main') && document.querySelectorAll('*').length < 20;
  if (answer.status < 500 && !plainError && !document.querySelector('footer')) problems.push('no footer: the page was cut short or swallowed');
  return problems;
}

/** Lines of a result table. */
export interface Outcome {
  group: string;
  attack: string;
  ok: boolean;
  detail: string;
}

export function outcome(group: string, attack: string, problems: string[], detail = ''): Outcome {
  const unique = [...new Set(problems)];
  return {
    group,
    attack,
    ok: unique.length === 0,
    detail: unique.length ? unique.slice(0, 4).join('; ') + (unique.length > 4 ? ` (+${unique.length - 4})` : '') : detail,
  };
}
