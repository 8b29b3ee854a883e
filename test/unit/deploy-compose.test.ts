/**
 * deploy/docker-compose.yml cannot be started here (no Docker engine), so its parts are checked: three
 * identical app replicas on one Redis, each with an image cache volume of its own at IMAGE_CACHE_DIR,
 * Redis as a pure bounded cache, and nginx's start command turning deploy/nginx.conf's one upstream
 * server into one per replica with the same failover parameters.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Service {
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string | string[];
  healthcheck?: { test: string[] };
}

const compose = load(readFileSync(`${root}/deploy/docker-compose.yml`, 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const replicas = Object.keys(compose.services).filter((name) => name.startsWith('site-'));

describe('deploy/docker-compose.yml', () => {
  it('runs three identical replicas on one Redis', () => {
    expect(replicas).toEqual(['site-1', 'site-2', 'site-3']);
    const apart = (name: string) => ({ ...compose.services[name], volumes: undefined });
    for (const name of replicas) expect(apart(name)).toEqual(apart('site-1'));
    expect(compose.services['site-1']!.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379/0' });
  });

  it('gives each replica its own image cache volume at IMAGE_CACHE_DIR, and declares no volume it does not use', () => {
    const dir = compose.services['site-1']!.environment!.IMAGE_CACHE_DIR;
    expect(dir).toBe('/var/cache/site-images');
    const imageVolumes = replicas.map((name) => {
      const mounts = compose.services[name]!.volumes ?? [];
      expect(mounts, name).toHaveLength(1);
      const [volume, target] = mounts[0]!.split(':');
      expect(target, name).toBe(dir);
      return volume!;
    });
    expect(new Set(imageVolumes).size).toBe(replicas.length);
    const used = Object.values(compose.services).flatMap((service) => (service.volumes ?? []).map((mount) => mount.split(':')[0]));
    expect(Object.keys(compose.volumes).sort()).toEqual([...new Set(used.filter((name) => !name!.startsWith('.')))].sort());
  });

  it('keeps Redis a pure cache: no persistence, bounded, least recently used out, with a healthcheck', () => {
    const redis = compose.services.redis!;
    expect(redis.command).toEqual(['redis-server', '--save', '', '--appendonly', 'no', '--maxmemory', '256mb', '--maxmemory-policy', 'allkeys-lru']);
    expect(redis.healthcheck?.test).toContain('ping');
  });

  it("makes nginx's upstream one server per replica, with the same failover parameters", () => {
    const command = String(compose.services.nginx!.command);
    const sed = /sed '([^']+)'/.exec(command)?.[1];
    expect(sed).toBeDefined();
    const conf = execFileSync('sed', [sed!, `${root}/deploy/nginx.conf`], { encoding: 'utf8' });
    const servers = [...conf.matchAll(/server (site-\d):3000([^;]*);/g)].map((m) => [m[1], m[2]]);
    expect(servers.map(([name]) => name)).toEqual(replicas);
    const [, params] = /server 127\.0\.0\.1:3000([^;]*);/.exec(readFileSync(`${root}/deploy/nginx.conf`, 'utf8'))!;
    expect(params).toMatch(/max_fails=\d+ fail_timeout=\d+s/);
    for (const [, replicaParams] of servers) expect(replicaParams).toBe(params);
  });
});
