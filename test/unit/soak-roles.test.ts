/**
 * Who used the machine in a soak run (scripts/lib/soak/roles.mjs): each process the soak test started
 * by its role, and each role's CPU over the run and while the machine was full.
 */
import { describe, expect, it } from 'vitest';
import { cpuByRole, roleFigures, roleOf } from '../../scripts/lib/soak/roles.mjs';

describe("the soak test's CPU by role", () => {
  it('names each process by its command line, as /proc gives it', () => {
    const role = (command: string) => roleOf(200, 100, command);
    expect(role('/usr/bin/wrk\0-t1\0-c8\0http://127.0.0.1:3000/')).toBe('wrk');
    expect(role('nginx: master process /usr/sbin/nginx -p /tmp/x\0')).toBe('nginx');
    expect(role('nginx: worker process\0')).toBe('nginx');
    expect(role('/usr/bin/redis-server 127.0.0.1:6379\0')).toBe('redis');
    expect(role('/usr/bin/node\0--max-old-space-size=256\0/srv/site/dist/server/index.js\0')).toBe('replicas');
    expect(role('/usr/bin/node\0/srv/site/dist/server/encoder-process.mjs\u000010\0')).toBe('image encoders');
    expect(role('/bin/sh\0-c\0true\0')).toBe('other');
    expect(roleOf(100, 100, '/usr/bin/node\0scripts/soak.mjs\0')).toBe('soak test and fake backend');
  });

  it('reads the CPU this process used between two samples from /proc', () => {
    const sample = cpuByRole();
    // The first sample counts the process's time since it started; the second only what follows it.
    sample();
    const from = process.cpuUsage();
    while (process.cpuUsage(from).user < 100_000);
    expect(sample()['soak test and fake backend']).toBeGreaterThan(0);
  });

  it("averages each role's share over the run, and over the samples taken while the machine was full", () => {
    // The machine's ticks: half used, then full for the last two samples.
    const machine = [0, 1, 2, 3, 4].map((i) => ({ tMs: i * 5000, busy: i <= 2 ? i * 50 : 100 + (i - 2) * 100, nice: 0, idle: i <= 2 ? i * 50 : 100 }));
    const roles = [0, 1, 2, 3, 4].map((i) => ({ tMs: i * 5000 + 2, cores: { replicas: i <= 2 ? 60 : 150, wrk: i <= 2 ? 10 : 30 } }));
    const { rows, fullSamples } = roleFigures({ samples: { machine, roles } });
    expect(fullSamples).toBe(2);
    expect(rows.find((r) => r.role === 'replicas')).toEqual({ role: 'replicas', mean: 105, whenFull: 150 });
    expect(rows.find((r) => r.role === 'wrk')).toEqual({ role: 'wrk', mean: 20, whenFull: 30 });
    expect(roleFigures({ samples: { machine } })).toEqual({ rows: [], fullSamples: 0 });
  });
});
