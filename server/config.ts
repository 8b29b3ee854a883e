/**
 * Configuration from environment variables (README.md, "Configuration"), validated once at start. A bad
 * value is a ConfigError whose message is one line naming the variable and what is allowed.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Unset: serve the embedded demo content. */
  backendUrl: string | null;
  backendTimeoutMs: number;
  cacheTtlMs: number;
  cacheStaleMs: number;
  cacheMaxKeys: number;
  /** Upper bound of the data cache, in bytes (estimated from each entry's JSON). */
  cacheMaxBytes: number;
  /** Upper bound of the rendered-page cache (HTML + gzip + br), in bytes. */
  pageCacheMaxBytes: number;
  /**
   * Public origin for canonical links, hreflang, the sitemap and RSS; never taken from the Host header.
   * Required in production on a backend; otherwise http://localhost:PORT.
   */
  siteUrl: string;
  /** Port of the Prometheus /metrics listener (also the detailed /healthz); unset: no metrics listener. */
  metricsPort: number | null;
  /**
   * Address the metrics listener binds. Loopback by default: it tells the backend's URL, the build id
   * that names the Redis keys and every cache figure, so it is reachable from outside only when a
   * sysadmin says so. The Docker image sets 0.0.0.0 (a container's interfaces are its own network; a
   * Prometheus in the compose network or the cluster scrapes the port, which nothing publishes).
   */
  metricsHost: string;
  /** Unset: the cache purge endpoint is off. */
  cachePurgeToken: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Backend path of the student-life gallery; unset: the embedded gallery. */
  studentLifePath: string | null;
  /**
   * Redis (or Valkey) shared by replicas as the second cache level and the purge channel
   * (server/shared-cache); unset: each process on its own caches.
   */
  redisUrl: string | null;
  /** Bound on every Redis call: past it the call counts as failed and the site goes on without it. */
  redisTimeoutMs: number;
  /**
   * Key of the HMAC on every entry a replica writes into Redis, the same on every replica: an entry
   * without a valid one (written by anyone else who can reach Redis) is never used. Required with REDIS_URL.
   */
  redisSigningKey: string | null;
  /** Origins besides the backend's whose images the image endpoint may fetch (server/images). */
  mediaOrigins: string[];
  /**
   * Directory of the image endpoint's encoded variants (one process's: server/images/cache-dir.ts), and
   * its upper bound in bytes. Unset: a private directory per process, removed when it exits.
   */
  imageCacheDir: string | null;
  imageCacheMaxBytes: number;
  /** Longest the image endpoint spends reading or encoding one image; past it, the encoder process is killed. */
  imageEncodeTimeoutMs: number;
  /** Memory of its own an image encoder process may hold while it works (IMAGE_ENCODER_MAX_MB). */
  imageEncoderMaxBytes: number;
  /** Longest an image request waits for its variant before the default image is answered in its place. */
  imageWaitMs: number;
  /** Images made at once, each in an encoder process of its own (the memory a replica needs grows with it). */
  imageEncoders: number;
  /** Key of the image URLs' signatures; unset: a random key per process. */
  imageSigningKey: string | null;
  /**
   * Share of page views whose field Web Vitals the browser measures and sends (0 to 1; 0: none, and
   * the beacon endpoint is off). client/field-vitals-start.ts, server/field-vitals/.
   */
  rumSample: number;
  /** NODE_ENV=production. */
  production: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`Invalid ${name}: ${JSON.stringify(raw)} (expected an integer from ${min} to ${max})`);
  }
  return Number(raw);
}

function httpUrl(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.search || url.hash) {
    throw new ConfigError(`Invalid ${name}: ${JSON.stringify(raw)} (expected an http:// or https:// URL without query or credentials)`);
  }
  return url.href.replace(/\/+$/, '');
}

/** A comma-separated list of http(s) origins (scheme, host, optional port; no path), normalised. */
function origins(env: Env, name: string): string[] {
  const raw = env[name]?.trim() ?? '';
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let url: URL | null = null;
      try {
        url = new URL(item);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
        throw new ConfigError(
          `Invalid ${name}: ${JSON.stringify(item)} (expected comma-separated http:// or https:// origins such as https://media.ztu.uz, without a path)`,
        );
      }
      return url.origin;
    });
}

/** A share from 0 to 1 written as a decimal ('0.1', '1', '.25'); `fallback` when unset. */
function share(env: Env, name: string, fallback: number, meaning: string): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^(?:0|1)?(?:\.\d+)?$/.test(raw) || Number.isNaN(Number(raw)) || Number(raw) > 1) {
    throw new ConfigError(`Invalid ${name}: ${JSON.stringify(raw)} (expected a number from 0 to 1, ${meaning})`);
  }
  return Number(raw);
}

/** An IP address to listen on (or localhost); `fallback` when unset. */
function bindAddress(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw !== 'localhost' && isIP(raw) === 0) {
    throw new ConfigError(`Invalid ${name}: ${JSON.stringify(raw)} (expected an IP address to listen on, such as 127.0.0.1, 0.0.0.0 or ::)`);
  }
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const siteUrl = httpUrl(env, 'SITE_URL');
  if (siteUrl && new URL(siteUrl).pathname !== '/') {
    throw new ConfigError(`Invalid SITE_URL: ${JSON.stringify(env.SITE_URL)} (expected an origin such as https://ztu.uz, without a path)`);
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`Invalid LOG_LEVEL: ${JSON.stringify(env.LOG_LEVEL)} (expected one of ${LOG_LEVELS.join(', ')})`);
  }
  const studentLifePath = env.STUDENT_LIFE_PATH?.trim() || null;
  if (studentLifePath && !/^\/[\w\-./]*$/.test(studentLifePath)) {
    throw new ConfigError(`Invalid STUDENT_LIFE_PATH: ${JSON.stringify(studentLifePath)} (expected a backend path such as /api/studentlife/)`);
  }
  const backendUrl = httpUrl(env, 'BACKEND_URL');
  // Canonical links, hreflang, the sitemap and RSS are absolute: a production site on real content must
  // not name localhost in them. The embedded demo and development keep the localhost default.
  if (!siteUrl && backendUrl && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Missing SITE_URL: required when NODE_ENV=production and BACKEND_URL is set (the public origin, e.g. https://ztu.uz, for canonical links, hreflang, sitemap and RSS)',
    );
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    throw new ConfigError(`Invalid REDIS_URL: ${JSON.stringify(redisUrl)} (expected redis://host:port/db or rediss://…)`);
  }
  const redisSigningKey = env.REDIS_SIGNING_KEY?.trim() || null;
  if (redisUrl && !redisSigningKey) {
    throw new ConfigError('Missing REDIS_SIGNING_KEY: required with REDIS_URL (a secret of at least 32 characters, the same on every replica)');
  }
  if (redisSigningKey && redisSigningKey.length < 32) {
    throw new ConfigError('Invalid REDIS_SIGNING_KEY: too short (expected at least 32 characters)');
  }
  const token = env.CACHE_PURGE_TOKEN;
  if (token !== undefined && token !== '' && token.length < 16) {
    throw new ConfigError('Invalid CACHE_PURGE_TOKEN: too short (expected at least 16 characters)');
  }
  const signingKey = env.IMAGE_SIGNING_KEY;
  if (signingKey !== undefined && signingKey !== '' && signingKey.length < 16) {
    throw new ConfigError('Invalid IMAGE_SIGNING_KEY: too short (expected at least 16 characters)');
  }
  return {
    port,
    host,
    backendUrl,
    backendTimeoutMs: integer(env, 'BACKEND_TIMEOUT_MS', 5000, 100, 120_000),
    cacheTtlMs: integer(env, 'CACHE_TTL_S', 60, 0, 31_536_000) * 1000,
    cacheStaleMs: integer(env, 'CACHE_STALE_S', 86_400, 0, 31_536_000) * 1000,
    cacheMaxKeys: integer(env, 'CACHE_MAX_KEYS', 5000, 10, 1_000_000),
    cacheMaxBytes: integer(env, 'CACHE_MAX_MB', 16, 1, 4096) * 1024 * 1024,
    pageCacheMaxBytes: integer(env, 'PAGE_CACHE_MAX_MB', 32, 0, 4096) * 1024 * 1024,
    siteUrl: siteUrl ?? `http://localhost:${port}`,
    cachePurgeToken: token || null,
    metricsPort: env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, 1, 65535) : null,
    metricsHost: bindAddress(env, 'METRICS_HOST', '127.0.0.1'),
    logLevel,
    studentLifePath,
    redisUrl,
    redisTimeoutMs: integer(env, 'REDIS_TIMEOUT_MS', 250, 10, 10_000),
    redisSigningKey,
    mediaOrigins: origins(env, 'MEDIA_ORIGINS'),
    imageCacheDir: env.IMAGE_CACHE_DIR?.trim() ? resolve(env.IMAGE_CACHE_DIR.trim()) : null,
    imageCacheMaxBytes: integer(env, 'IMAGE_CACHE_MAX_MB', 512, 1, 1_048_576) * 1024 * 1024,
    imageEncodeTimeoutMs: integer(env, 'IMAGE_ENCODE_TIMEOUT_S', 30, 1, 600) * 1000,
    imageEncoderMaxBytes: integer(env, 'IMAGE_ENCODER_MAX_MB', 160, 64, 65_536) * 1024 * 1024,
    imageWaitMs: integer(env, 'IMAGE_WAIT_S', 20, 1, 600) * 1000,
    imageEncoders: integer(env, 'IMAGE_ENCODERS', 1, 1, 16),
    imageSigningKey: signingKey || null,
    rumSample: share(env, 'RUM_SAMPLE', 0.1, 'the share of page views whose Web Vitals are measured, e.g. 0.1; 0 turns it off'),
    production: env.NODE_ENV === 'production',
  };
}
