/**
 * How the public listener treats kept-alive connections, so that a proxy in front (deploy/nginx.conf,
 * a cloud load balancer) never sends a request on a connection the replica is closing. Such a request
 * fails before any byte comes back; nginx retries it on the next replica but also counts it against
 * this one (max_fails), and when that happens to every replica within fail_timeout, nginx has none
 * left and answers 502 to everyone.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * An idle connection stays open this long. Longer than the proxy keeps an idle upstream connection
 * (nginx.conf's upstream keepalive_timeout; a cloud load balancer's idle timeout, often 60 s), so the
 * proxy is always the side that closes it: Node's own default, 5 s, lets the replica close a connection
 * at the moment the proxy picks it for the next request, a race a busy machine widens to whole seconds.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface ConnectionPolicy {
  /**
   * From now on every response says `Connection: close`, those under way included when their headers
   * are not sent yet: the proxy opens its next connection to a replica that is staying, instead of
   * reusing one to this replica and finding it closed.
   */
  closeAfterEachResponse(): void;
}

/**
 * A response whose headers went out before the shutdown said `keep-alive`; once it has ended, its
 * connection is idle, and `server.close()` waits for every connection: left alone, an idle one would hold
 * the process until its grace runs out (65 s of keep-alive against 10 s of grace) and end in a forced exit.
 */
function closeOnceDone(server: Server, response: ServerResponse): void {
  response.once('close', () => server.closeIdleConnections());
}

export function applyConnectionPolicy(server: Server): ConnectionPolicy {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node wants the header deadline above the idle one, or a request on a long-idle connection may be
  // cut for taking too long with its headers.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const underWay = new Set<ServerResponse>();
  let closing = false;
  const markClose = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  // Before the app's own listener, so that a response the app writes at once is marked too.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) return markClose(response);
    underWay.add(response);
    response.once('close', () => underWay.delete(response));
  });
  return {
    closeAfterEachResponse() {
      closing = true;
      for (const response of underWay) {
        if (response.headersSent) closeOnceDone(server, response);
        else markClose(response);
      }
      underWay.clear();
    },
  };
}
