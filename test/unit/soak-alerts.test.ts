/**
 * The soak's alerts (scripts/lib/soak/prometheus.mjs, alerts.mjs): deploy/prometheus's rules on the
 * soak's faster clock, and how a run's alerts are judged: the alert each fault exists to fire, in time
 * or late or not at all, and an alert fired while no fault ran.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withAlertFaults } from '../../scripts/lib/soak/alert-faults.mjs';
import { alertFindings, alertGoals, EXPECTED_ALERTS } from '../../scripts/lib/soak/alerts.mjs';
import { faults } from '../../scripts/lib/soak/faults.mjs';
import { judge } from '../../scripts/lib/soak/goals.mjs';
import { alertTimings, firingSpells, scaledDuration, scaledExpr, scaledRules } from '../../scripts/lib/soak/prometheus.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rulesText = readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8');
const config = { freezeS: 8, backendFaultS: 15 };

describe("deploy/prometheus's rules on the soak's clock", () => {
  it('divides every for: and every range window by the time scale, and nothing else', () => {
    expect(scaledDuration('2m', 30)).toBe('4000ms');
    expect(scaledDuration('1h30m', 30)).toBe('180000ms');
    expect(scaledExpr('sum(rate(x{le="2.5"}[5m])) > 2.5 and max_over_time(y[30m:1m]) > 0', 30)).toBe(
      'sum(rate(x{le="2.5"}[10000ms])) > 2.5 and max_over_time(y[60000ms:2000ms]) > 0',
    );
    const production = alertTimings(rulesText);
    const soak = alertTimings(scaledRules(rulesText, 30));
    expect(soak.map((t) => t.alert)).toEqual(production.map((t) => t.alert));
    soak.forEach((t, i) => {
      expect(t.forMs).toBe(production[i]!.forMs / 30);
      expect(t.lookbackMs).toBe(production[i]!.lookbackMs / 30);
    });
    // The backend alert reads its recording rule's 2-minute rate: 4 s at the soak's scale.
    expect(soak.find((t) => t.alert === 'BackendFailing')).toEqual({ alert: 'BackendFailing', forMs: 6_000, lookbackMs: 4_000 });
  });

  it('splits the evaluations at which an alert fired into spells', () => {
    expect(firingSpells([1000, 1500, 2000, 9000, 9500])).toEqual([
      { fromMs: 1000, toMs: 2000 },
      { fromMs: 9000, toMs: 9500 },
    ]);
  });

  it('expects alerts only of faults the soak runs and of rules deploy/prometheus has', () => {
    const names = withAlertFaults(faults(config)).map((f) => f.name);
    const alerts = alertTimings(rulesText).map((t) => t.alert);
    for (const [fault, expected] of Object.entries(EXPECTED_ALERTS)) {
      expect(names, fault).toContain(fault);
      for (const { alert } of expected) expect(alerts, `${fault}: ${alert}`).toContain(alert);
    }
  });
});

/**
 * A run in which a backend 500 fault ran from 100 to 120 s, its first backend call failed at 100.5 s and
 * its first degraded page at 100.8 s, and the given alerts fired (spells in run ms).
 */
function run(fired: Array<{ alert: string; fromMs: number; toMs?: number }>, sharedMachine = false) {
  return {
    config: { imageCacheMb: 16, sharedMachine },
    timeline: [{ name: 'backend 500', group: 'backend', startMs: 100_000, endMs: 120_000 }],
    logs: [{ upstreamFailures: [40_000, 100_500, 101_000] }],
    access: { errors: [{ atS: 100.8, status: 503, upstream: '127.0.0.1:3001', path: '/ru/news/77' }] },
    alerts: {
      scrapeMs: 1_000,
      startMs: 20_000,
      endMs: 300_000,
      timings: alertTimings(scaledRules(rulesText, 30)),
      fired: fired.map(({ alert, fromMs, toMs = fromMs + 5_000 }) => ({ alert, labels: {}, spells: [{ fromMs, toMs }] })),
    },
  };
}
const goal = (r: ReturnType<typeof run>, id: string) => alertGoals(r).find((g) => g.id === id)!;

describe("judging a run's alerts", () => {
  it("holds when each fault's alert fires within its for: plus two scrapes after the fault showed, and nothing fires in the calm", () => {
    // BackendFailing and SitePagesDegraded: for 6 s at the soak's scale; bound 0.5 + 6 + 2 and 0.8 + 6 + 2 s.
    const calm = run([
      { alert: 'BackendFailing', fromMs: 107_000, toMs: 125_000 },
      { alert: 'SitePagesDegraded', fromMs: 108_500 },
      { alert: 'BackendSlow', fromMs: 115_000 },
    ]);
    expect(alertGoals(calm).filter((g) => !g.ok)).toEqual([]);
    const [fault] = alertFindings(calm).faults;
    expect(fault!.expected.map((e) => [e.alert, e.afterMs, e.boundMs])).toEqual([
      ['BackendFailing', 7_000, 8_500],
      ['SitePagesDegraded', 8_500, 8_800],
    ]);
    expect(fault!.fired.map((f) => f.alert)).toContain('BackendSlow');
  });

  it('expects nothing of a fault that never showed, or whose cause lasted less than the for:', () => {
    const unseen = { ...run([]), logs: [{ upstreamFailures: [] }], access: { errors: [] } };
    expect(alertFindings(unseen).faults[0]!.expected.map((e) => e.judged)).toEqual([false, false]);
    // A run in which no fault's alert could be judged proved nothing: that fails.
    expect(goal(unseen, 'alerts-fired')).toMatchObject({ ok: false, measured: '0 of 0' });
    // The first call failed 15 s into a 20-s fault: 5 s of cause, under BackendFailing's 6.
    const late = { ...run([]), logs: [{ upstreamFailures: [115_000] }] };
    expect(alertFindings(late).faults[0]!.expected.map((e) => [e.alert, e.judged])).toEqual([
      ['BackendFailing', false],
      ['SitePagesDegraded', true],
    ]);
  });

  it("times Redis's alert from the first replica that said Redis was unreachable, or two seconds in where no log line was kept", () => {
    const startedAt = Date.parse('2026-01-01T00:00:00.000Z');
    const frozen = (kept: string[]) => ({
      ...run([{ alert: 'RedisDown', fromMs: 105_000 }]),
      startedAt,
      timeline: [{ name: 'redis frozen (SIGSTOP)', group: 'redis', startMs: 100_000, endMs: 108_000 }],
      logs: [{ upstreamFailures: [], kept }],
    });
    const line = (ms: number) =>
      JSON.stringify({ level: 40, time: new Date(startedAt + ms).toISOString(), msg: 'redis unreachable: serving from this replica' });
    const redisDown = (r: ReturnType<typeof frozen>) => alertFindings(r).faults[0]!.expected.find((e) => e.alert === 'RedisDown')!;
    // RedisDown's for: is 2 s on the soak's clock.
    expect(redisDown(frozen([line(90_000), line(101_200)]))).toMatchObject({ shownAfterMs: 1_200, boundMs: 5_200, inTime: true });
    expect(redisDown(frozen([]))).toMatchObject({ shownAfterMs: 2_000, boundMs: 6_000, inTime: true });
  });

  it('expects RedisEntriesRejected only of a tampering fault that wrote and asked for something', () => {
    const tampered = (asked: Array<{ atMs: number }>) => ({
      ...run([]),
      timeline: [{ name: 'redis entries tampered', group: 'redis-data', startMs: 100_000, endMs: 104_000 }],
      findings: { tamperAsked: asked },
    });
    // RedisEntriesRejected's for: is 2 s on the soak's clock: bound 3 + 2 + 2 s.
    expect(alertFindings(tampered([{ atMs: 103_000 }])).faults[0]!.expected[0]).toMatchObject({ judged: true, fired: false, boundMs: 7_000 });
    expect(alertFindings(tampered([])).faults[0]!.expected[0]).toMatchObject({ judged: false });
  });

  it("times a hung backend's alert from the first call that failed at its timeout, not from one that began before", () => {
    const hung = {
      ...run([{ alert: 'BackendFailing', fromMs: 112_100 }]),
      timeline: [{ name: 'backend hangs', group: 'backend', startMs: 100_000, endMs: 115_000 }],
      logs: [{ upstreamFailures: [101_100, 105_100, 105_200] }],
    };
    // BackendFailing's for: is 6 s on the soak's clock: bound 5.1 + 6 + 2 s.
    expect(alertFindings(hung).faults[0]!.expected[0]).toMatchObject({ shownAfterMs: 5_100, boundMs: 13_100, afterMs: 12_100, inTime: true });
  });

  it('times SiteReplicaDown from the kill, which waits for nginx to skip no replica', () => {
    const keptDown = (killed: Array<{ atMs: number }>) => ({
      ...run([{ alert: 'SiteReplicaDown', fromMs: 111_000 }]),
      timeline: [{ name: 'replica killed, kept down', group: 'replica', startMs: 100_000, endMs: 120_000 }],
      findings: { keptDown: killed },
    });
    // SiteReplicaDown's for: is 4 s on the soak's clock: bound 6 + 4 + 2 s.
    expect(alertFindings(keptDown([{ atMs: 106_000 }])).faults[0]!.expected[0]).toMatchObject({ judged: true, afterMs: 11_000, boundMs: 12_000, inTime: true });
    expect(alertFindings(keptDown([])).faults[0]!.expected[0]).toMatchObject({ judged: false });
  });

  it('expects RedisMessagesRejected only of a forging fault whose messages a replica heard', () => {
    const forged = (published: Array<{ atMs: number }>, fired: Array<{ alert: string; fromMs: number }> = []) => ({
      ...run(fired),
      timeline: [{ name: 'redis messages forged', group: 'redis-data', startMs: 100_000, endMs: 100_500 }],
      findings: { messagesForged: published },
    });
    // RedisMessagesRejected's for: is 2 s on the soak's clock: bound 0.4 + 2 + 2 s.
    const heard = forged([{ atMs: 100_400 }], [{ alert: 'RedisMessagesRejected', fromMs: 103_600 }]);
    expect(alertFindings(heard).faults[0]!.expected[0]).toMatchObject({ judged: true, fired: true, afterMs: 3_600, boundMs: 4_400, inTime: true });
    expect(alertFindings(forged([{ atMs: 100_400 }])).faults[0]!.expected[0]).toMatchObject({ judged: true, fired: false });
    expect(alertFindings(forged([])).faults[0]!.expected[0]).toMatchObject({ judged: false });
  });

  it('fails when a fault fired no alert, and calls an alert late after its bound (a speed goal)', () => {
    expect(goal(run([{ alert: 'SitePagesDegraded', fromMs: 107_000 }]), 'alerts-fired').ok).toBe(false);
    const late = run([
      { alert: 'BackendFailing', fromMs: 112_000 },
      { alert: 'SitePagesDegraded', fromMs: 107_000 },
    ]);
    expect(goal(late, 'alerts-fired').ok).toBe(true);
    expect(goal(late, 'alerts-in-time')).toMatchObject({ ok: false, speed: true });
    expect(goal(late, 'alerts-in-time').measured).toContain('BackendFailing 12.0 s (bound 8.5 s)');
  });

  it('counts an alert that began while no fault ran, or long after one ended, as a false alarm', () => {
    const alarms = run([
      { alert: 'BackendFailing', fromMs: 106_000 },
      { alert: 'SitePagesDegraded', fromMs: 106_000 },
      { alert: 'RedisDown', fromMs: 60_000 },
      // After the fault's end, its lookback (4 s), for: (6 s), two scrapes and the settling time.
      { alert: 'BackendFailing', fromMs: 120_000 + 4_000 + 6_000 + 2_000 + 10_000 + 1 },
    ]);
    expect(alertFindings(alarms).falseAlarms.map((a) => [a.alert, a.startMs])).toEqual([
      ['RedisDown', 60_000],
      ['BackendFailing', 142_001],
    ]);
    expect(goal(alarms, 'false-alarms')).toMatchObject({ ok: false, measured: 'RedisDown at 60.0 s' });
    // BackendFailing is one a busy machine fires (the soak's backend answering late): a speed goal.
    expect(goal(alarms, 'false-alarms-busy')).toMatchObject({ ok: false, speed: true, measured: 'BackendFailing at 142.0 s' });
    const shared = judge({
      ...judgeable(),
      ...alarms,
      access: { ...judgeable().access, errors: [] },
      logs: [{ crashes: [], upstreamFailures: [100_500] }],
      config: { ...alarms.config, sharedMachine: true },
    }).goals;
    expect(shared.filter((g) => !g.ok).map((g) => g.id)).toEqual(['false-alarms']);
    expect(shared.find((g) => g.id === 'false-alarms-busy')!.notJudged).toBe(true);
  });

  it('counts no false alarm before Prometheus had every replica, nor images failing for the minute after a fault', () => {
    const quiet = run([
      { alert: 'BackendFailing', fromMs: 106_000 },
      { alert: 'SitePagesDegraded', fromMs: 106_000 },
      { alert: 'SiteDown', fromMs: 19_000 },
      { alert: 'ImagesFallingBack', fromMs: 190_000 },
    ]);
    expect(alertFindings(quiet).falseAlarms).toEqual([]);
  });
});

/** The rest of a run that judge() reads, calm. */
function judgeable() {
  return {
    replicaNames: [],
    driveStartMs: 30_000,
    driveEndMs: 300_000,
    unaskedExits: [],
    access: { byStatus: { 200: 100 }, errors: [], total: 100 },
    purges: [{ convergedMs: 80, disturbedBy: [], cutByEnd: false }],
    stale: [],
    samples: { rss: [], eventLoop: [], imageDir: [] },
    logs: [],
    findings: {
      hostileMarkup: [],
      tamperedServed: [],
      tamperAsked: [{ atMs: 90_000, path: '/en/news/900001', kind: 'body', replicas: 3 }],
      stops: [],
      notReady: [],
    },
    wrkMarkers: [],
  };
}
