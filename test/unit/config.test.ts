import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults: embedded content on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      backendUrl: null,
      backendTimeoutMs: 5000,
      cacheTtlMs: 60_000,
      cacheStaleMs: 86_400_000,
      siteUrl: 'http://localhost:3000',
      cachePurgeToken: null,
      redisUrl: null,
      metricsPort: null,
      metricsHost: '127.0.0.1',
    });
  });

  it('measures a tenth of page views in the field unless RUM_SAMPLE says otherwise, 0 for none', () => {
    expect(loadConfig({}).rumSample).toBe(0.1);
    expect(loadConfig({ RUM_SAMPLE: '0' }).rumSample).toBe(0);
    expect(loadConfig({ RUM_SAMPLE: ' 1 ' }).rumSample).toBe(1);
    expect(loadConfig({ RUM_SAMPLE: '.25' }).rumSample).toBe(0.25);
    expect(loadConfig({ RUM_SAMPLE: '' }).rumSample).toBe(0.1);
  });

  it('binds the metrics listener to the address METRICS_HOST names', () => {
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 9100, metricsHost: '0.0.0.0' });
    expect(loadConfig({ METRICS_HOST: ' 10.0.3.7 ' }).metricsHost).toBe('10.0.3.7');
    expect(loadConfig({ METRICS_HOST: '::' }).metricsHost).toBe('::');
    expect(loadConfig({ METRICS_HOST: '' }).metricsHost).toBe('127.0.0.1');
  });

  it.each([
    ['PORT', 'abc', /Invalid PORT: "abc" \(expected an integer from 1 to 65535\)/],
    ['PORT', '70000', /Invalid PORT/],
    ['PORT', 'eighty', /Invalid PORT: "eighty"/],
    ['BACKEND_URL', 'javascript:alert(1)', /Invalid BACKEND_URL/],
    ['CACHE_TTL_S', '-5', /Invalid CACHE_TTL_S/],
    ['BACKEND_URL', 'ftp://x', /Invalid BACKEND_URL/],
    ['BACKEND_URL', 'not a url', /Invalid BACKEND_URL/],
    ['BACKEND_TIMEOUT_MS', '-1', /Invalid BACKEND_TIMEOUT_MS/],
    ['CACHE_TTL_S', '1.5', /Invalid CACHE_TTL_S/],
    ['SITE_URL', 'https://ztu.uz/sub', /Invalid SITE_URL/],
    ['LOG_LEVEL', 'loud', /Invalid LOG_LEVEL: "loud" \(expected one of fatal, error/],
    ['REDIS_URL', 'localhost:6379', /Invalid REDIS_URL: "localhost:6379" \(expected redis:\/\/host:port\/db/],
    ['REDIS_URL', 'http://cache:6379', /Invalid REDIS_URL/],
    ['REDIS_TIMEOUT_MS', '5', /Invalid REDIS_TIMEOUT_MS/],
    ['CACHE_PURGE_TOKEN', 'short', /Invalid CACHE_PURGE_TOKEN/],
    ['MEDIA_ORIGINS', 'https://cdn.ztu.uz/media', /Invalid MEDIA_ORIGINS: "https:\/\/cdn.ztu.uz\/media" \(expected comma-separated http/],
    ['MEDIA_ORIGINS', 'https://cdn.ztu.uz, ftp://files.ztu.uz', /Invalid MEDIA_ORIGINS: "ftp:\/\/files.ztu.uz"/],
    ['MEDIA_ORIGINS', 'https://user:pw@cdn.ztu.uz', /Invalid MEDIA_ORIGINS/],
    ['IMAGE_CACHE_MAX_MB', '0', /Invalid IMAGE_CACHE_MAX_MB/],
    ['IMAGE_ENCODE_TIMEOUT_S', '0', /Invalid IMAGE_ENCODE_TIMEOUT_S/],
    ['IMAGE_ENCODER_MAX_MB', '32', /Invalid IMAGE_ENCODER_MAX_MB/],
    ['IMAGE_SIGNING_KEY', 'short', /Invalid IMAGE_SIGNING_KEY: too short/],
    ['METRICS_HOST', 'metrics.example.uz', /Invalid METRICS_HOST: "metrics.example.uz" \(expected an IP address to listen on/],
    ['METRICS_HOST', '0.0.0.0:9100', /Invalid METRICS_HOST/],
    ['RUM_SAMPLE', '10%', /Invalid RUM_SAMPLE: "10%" \(expected a number from 0 to 1, the share of page views whose Web Vitals are measured/],
    ['RUM_SAMPLE', '1.5', /Invalid RUM_SAMPLE/],
    ['RUM_SAMPLE', '-0.1', /Invalid RUM_SAMPLE/],
    ['RUM_SAMPLE', '1e-3', /Invalid RUM_SAMPLE/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('requires a REDIS_SIGNING_KEY of at least 32 characters with REDIS_URL, with one line naming it', () => {
    const redis = { REDIS_URL: 'redis://cache:6379/0' };
    expect(() => loadConfig(redis)).toThrow(/^Missing REDIS_SIGNING_KEY: required with REDIS_URL/);
    expect(() => loadConfig({ ...redis, REDIS_SIGNING_KEY: 'x'.repeat(31) })).toThrow(
      /^Invalid REDIS_SIGNING_KEY: too short \(expected at least 32 characters\)$/,
    );
    expect(loadConfig({ ...redis, REDIS_SIGNING_KEY: 'k'.repeat(32) }).redisSigningKey).toBe('k'.repeat(32));
  });

  it('requires SITE_URL in production on a backend, with one line naming it', () => {
    for (const siteUrl of [undefined, '', '  ']) {
      const env = { NODE_ENV: 'production', BACKEND_URL: 'https://api.ztu.uz', SITE_URL: siteUrl };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/^Missing SITE_URL: required when NODE_ENV=production and BACKEND_URL is set \([^\n]*\)$/);
    }
    expect(loadConfig({ NODE_ENV: 'production', BACKEND_URL: 'https://api.ztu.uz', SITE_URL: 'https://ztu.uz' }).siteUrl).toBe('https://ztu.uz');
  });

  it('keeps the localhost SITE_URL for the embedded demo and outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ NODE_ENV: 'production', BACKEND_URL: '' }).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ BACKEND_URL: 'https://api.ztu.uz' }).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'development', BACKEND_URL: 'https://api.ztu.uz' }).siteUrl).toBe('http://localhost:3000');
  });

  it('normalises BACKEND_URL and SITE_URL without a trailing slash', () => {
    const config = loadConfig({ BACKEND_URL: 'https://api.ztu.uz/', SITE_URL: 'https://ztu.uz/' });
    expect(config.backendUrl).toBe('https://api.ztu.uz');
    expect(config.siteUrl).toBe('https://ztu.uz');
  });

  it('reads the image settings: origins normalised, no shared cache directory by default (each process makes its own)', () => {
    const config = loadConfig({ MEDIA_ORIGINS: ' https://cdn.ztu.uz/ ,http://media.ztu.uz:8080,', IMAGE_SIGNING_KEY: 's'.repeat(16) });
    expect(config.mediaOrigins).toEqual(['https://cdn.ztu.uz', 'http://media.ztu.uz:8080']);
    expect(config.imageSigningKey).toBe('s'.repeat(16));
    expect(config.imageCacheMaxBytes).toBe(512 * 1024 * 1024);
    expect(config.imageEncodeTimeoutMs).toBe(30_000);
    expect(config.imageEncoderMaxBytes).toBe(160 * 1024 * 1024);
    expect(config.imageEncoders).toBe(1);
    expect(loadConfig({ IMAGE_ENCODERS: '3' }).imageEncoders).toBe(3);
    expect(() => loadConfig({ IMAGE_ENCODERS: '0' })).toThrow(/^Invalid IMAGE_ENCODERS/);
    expect(config.imageCacheDir).toBeNull();
    expect(loadConfig({ IMAGE_CACHE_DIR: ' /var/cache/site-images ' }).imageCacheDir).toBe('/var/cache/site-images');
    expect(loadConfig({}).mediaOrigins).toEqual([]);
    expect(loadConfig({}).imageSigningKey).toBeNull();
  });
});
