import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults: embedded content on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', backendUrl: null, backendTimeoutMs: 5000, cacheTtlMs: 60_000, cacheStaleMs: 86_400_000, siteUrl: 'http://localhost:3000', cachePurgeToken: null });
  });

  it.each([
    ['PORT', 'abc', /Invalid PORT: "abc" \(expected an integer from 1 to 65535\)/],
    ['PORT', '70000', /Invalid PORT/],
    ['BACKEND_URL', 'ftp://x', /Invalid BACKEND_URL/],
    ['BACKEND_URL', 'not a url', /Invalid BACKEND_URL/],
    ['BACKEND_TIMEOUT_MS', '-1', /Invalid BACKEND_TIMEOUT_MS/],
    ['CACHE_TTL_S', '1.5', /Invalid CACHE_TTL_S/],
    ['SITE_URL', 'https://ztu.uz/sub', /Invalid SITE_URL/],
    ['LOG_LEVEL', 'loud', /Invalid LOG_LEVEL: "loud" \(expected one of fatal, error/],
    ['CACHE_PURGE_TOKEN', 'short', /Invalid CACHE_PURGE_TOKEN/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('normalises BACKEND_URL and SITE_URL without a trailing slash', () => {
    const config = loadConfig({ BACKEND_URL: 'https://api.ztu.uz/', SITE_URL: 'https://ztu.uz/' });
    expect(config.backendUrl).toBe('https://api.ztu.uz');
    expect(config.siteUrl).toBe('https://ztu.uz');
  });
});
