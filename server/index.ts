/**
 * The process shell: read the configuration, listen, and stop gracefully. On SIGTERM/SIGINT the
 * server stops accepting connections, lets in-flight responses finish (each saying Connection: close,
 * so that a proxy sends nothing more on it), and exits within 10 s.
 */
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { applyConnectionPolicy } from './connections';
import { metricsServer } from './metrics';

const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const app = createApp(config);
const logger = app.locals.logger;
const server = app.listen(config.port, config.host, () => {
  logger.info({ port: config.port, host: config.host, source: app.locals.cache.source.name, siteUrl: config.siteUrl }, 'listening');
  // Fill the data cache and build the search index now, so the first search, sitemap or feed is warm.
  app.locals.search.warm();
});
function exitOnListenError(host: string, port: number) {
  return (error: NodeJS.ErrnoException) => {
    process.stderr.write(`Cannot listen on ${host}:${port}: ${error.code ?? error.message}\n`);
    process.exit(1);
  };
}
server.on('error', exitOnListenError(config.host, config.port));
const connections = applyConnectionPolicy(server);

// Metrics and the detailed health on their own port and address (METRICS_HOST, loopback unless set), so
// the public one never exposes them (nginx does not proxy it either).
const metrics = config.metricsPort ? metricsServer(app.locals.metrics, app.locals.healthDetails) : null;
if (metrics && config.metricsPort) {
  metrics.on('error', exitOnListenError(config.metricsHost, config.metricsPort));
  metrics.listen(config.metricsPort, config.metricsHost, () => logger.info({ port: config.metricsPort, host: config.metricsHost }, 'metrics listening'));
}

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Waits on slow data or images end within a second, so every response is out inside the grace.
  app.locals.stopping.begin();
  metrics?.close();
  void app.locals.shared?.close();
  connections.closeAfterEachResponse();
  server.close(() => {
    logger.info('stopped');
    process.exit(0);
  });
  // Idle keep-alive connections close now; busy ones once their response is done.
  server.closeIdleConnections();
  setTimeout(() => {
    logger.warn('forced exit after grace period');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
