import { describe, expect, it } from 'vitest';
import { EMBEDDED_STUDENT_LIFE_PATH } from '../../server/backend';
import { UpstreamHealth } from '../../server/upstream-health';

const BACKEND = { backendUrl: 'https://api.ztu.uz', studentLifePath: null };
const T = Date.parse('2026-11-23T08:00:00.000Z');

describe('the upstream state of /healthz and /readyz', () => {
  it('fails from the first failure after the last answer; a 404 is an answer', () => {
    let now = T;
    const health = new UpstreamHealth(BACKEND, () => now);
    expect([health.upstream, health.ready]).toEqual(['no answer yet', false]);
    health.record('/news/yangiliklar/', 'timeout');
    now += 1000;
    health.record('/news/yangiliklar/', 'HTTP 502');
    expect([health.upstream, health.ready]).toEqual(['failing since 2026-11-23T08:00:00.000Z', false]);
    health.record('/news/yangiliklar/9/', 'not-found');
    expect([health.upstream, health.ready]).toEqual(['ok', true]);
    health.record('/news/yangiliklar/', 'malformed JSON');
    expect([health.upstream, health.ready]).toEqual(['failing since 2026-11-23T08:00:01.000Z', true]);
  });

  it('learns nothing from a call aborted because its visitors left', () => {
    const health = new UpstreamHealth(BACKEND, () => T);
    health.record('/news/yangiliklar/', 'aborted');
    expect(health.upstream).toBe('no answer yet');
  });

  it('ignores the embedded student-life gallery unless the backend serves it', () => {
    const health = new UpstreamHealth(BACKEND, () => T);
    health.record(EMBEDDED_STUDENT_LIFE_PATH, 'ok');
    expect(health.ready).toBe(false);
    const configured = new UpstreamHealth({ ...BACKEND, studentLifePath: EMBEDDED_STUDENT_LIFE_PATH }, () => T);
    configured.record(EMBEDDED_STUDENT_LIFE_PATH, 'ok');
    expect(configured.ready).toBe(true);
  });

  it('is ok and ready on the embedded content, whatever happens', () => {
    const health = new UpstreamHealth({ backendUrl: null, studentLifePath: null });
    health.record('/news/yangiliklar/', 'unexpected response: no results');
    expect([health.upstream, health.ready]).toEqual(['ok', true]);
  });
});
