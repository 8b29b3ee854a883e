/**
 * A fake university backend on 127.0.0.1 for integration tests: real HTTP, with per-path answers that
 * can be slow, failing, hanging, malformed or hostile, and a count of the calls it received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer =
  | { json: unknown; status?: number; delayMs?: number }
  | { raw: string; status?: number; delayMs?: number }
  | { status: number; delayMs?: number }
  | { hang: true }
  /** Sends the headers and the first half of `raw`, then the rest once `until` resolves. */
  | { raw: string; until: Promise<void> }
  /** Bytes (an image, say) as they are; with `until`, the first half at once and the rest once it resolves. */
  | { body: Buffer; contentType?: string; status?: number; delayMs?: number; headers?: Record<string, string>; until?: Promise<void> };

export interface FakeBackend {
  url: string;
  /** Sets what a path (with its query, e.g. '/news/yangiliklar/?page=2') answers. */
  set(path: string, answer: Answer): void;
  calls(path?: string): number;
  /** Every path asked for since the last reset, with its count. */
  callsByPath(): Record<string, number>;
  resetCalls(): void;
  /** Requests still hanging (not answered, not closed by the client). */
  open(): number;
  /** Resolves once `path` has been asked for `count` times in all (at once if it already has). */
  requested(path: string, count?: number): Promise<void>;
  close(): Promise<void>;
}

/** `otherwise` answers every path not in `routes` (by default a 404). */
export async function startFakeBackend(routes: Record<string, Answer> = {}, { otherwise }: { otherwise?: Answer } = {}): Promise<FakeBackend> {
  const answers = new Map(Object.entries(routes));
  const counts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const waiting: Array<{ path: string; count: number; resolve: () => void }> = [];

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    for (const waiter of waiting.filter((w) => w.path === path && w.count <= counts.get(path)!)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    const answer = answers.get(path) ?? otherwise;
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
      return;
    }
    if ('hang' in answer) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if ('body' in answer) {
      const head = { 'content-type': answer.contentType ?? 'application/octet-stream', ...answer.headers };
      const send = () => {
        if (res.destroyed) return;
        if (!answer.until) {
          res.writeHead(answer.status ?? 200, head).end(answer.body);
          return;
        }
        const half = answer.body.subarray(0, answer.body.length >> 1);
        res.writeHead(answer.status ?? 200, head);
        res.write(half);
        void answer.until.then(() => {
          if (!res.destroyed) res.end(answer.body.subarray(half.length));
        });
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
      return;
    }
    if ('until' in answer) {
      const half = Buffer.from(answer.raw).subarray(0, Buffer.byteLength(answer.raw) >> 1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(half);
      void answer.until.then(() => {
        if (!res.destroyed) res.end(Buffer.from(answer.raw).subarray(half.length));
      });
      return;
    }
    const respond = () => {
      if (res.destroyed) return;
      if ('json' in answer) {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      } else if ('raw' in answer) {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.raw);
      } else {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end('{}');
      }
    };
    if (answer.delayMs) setTimeout(respond, answer.delayMs);
    else respond();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    set: (path, answer) => answers.set(path, answer),
    calls: (path) => (path ? (counts.get(path) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0)),
    callsByPath: () => Object.fromEntries(counts),
    resetCalls: () => counts.clear(),
    open: () => hanging.size,
    requested: (path, count = 1) =>
      (counts.get(path) ?? 0) >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ path, count, resolve })),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
