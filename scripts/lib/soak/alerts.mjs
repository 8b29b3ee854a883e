/**
 * What the soak's Prometheus (./prometheus.mjs) said while the faults ran: for each fault, the alerts it
 * fired and how soon, judged against the alert it exists to fire; and every alert that fired while no
 * fault ran (a false alarm). Definitions:
 * - an alert fired by a fault: its firing began between the fault's start and its end plus the alert's
 *   tail (how far back its rule reads, its `for:`, two scrapes, and SETTLE_MS for what a fault leaves
 *   behind: calls to a hung backend end one backend timeout later);
 * - a false alarm: an alert whose firing began outside every fault and its tail, from the moment
 *   Prometheus had scraped every replica to the end of the load (an image source that failed in a fault
 *   stays failed for a minute of real time, which the tail of ImagesFallingBack adds);
 * - an expected alert still firing from the fault before when this one starts counts as fired, at 0 s;
 * - in time: within the alert's `for:` plus two scrape intervals after the fault first showed (`onset`
 *   below): the scrape that sees the cause and the evaluation after it. Where the run recorded it, the
 *   first sign is measured (the first failed backend call or "redis unreachable" in a replica's log, the
 *   first degraded page in nginx's log, the first purge sent, the tampered pages asked, the forged
 *   messages published, the replica killed); otherwise it is the known delay of the site's own clock
 *   (a slow call is timed when it ends). A fault that never showed (no call failed), or whose cause
 *   lasted less than the alert's `for:` after it showed, expects nothing: at the soak's scale it was a
 *   blip.
 */
export const SETTLE_MS = 10_000;

/** The replicas' BACKEND_TIMEOUT_MS, its default (server/config.ts): the soak leaves it unset. */
const BACKEND_TIMEOUT_MS = 5_000;

/**
 * What the site itself keeps doing after a fault, on the real clock the soak does not speed up: an image
 * source that failed is not asked again for 60 s (server/images/variants.ts), and its variants are the
 * default image meanwhile; a variant is waited for up to IMAGE_WAIT_S (20 s).
 */
const SITE_SETTLE_MS = { ImagesFallingBack: 60_000 + 20_000 };

/**
 * Alerts a machine too busy for the soak can fire with no fault: a replica waiting for a core answers
 * its scrape late (SiteReplicaDown), the soak's backend (in the soak's own process) answers late
 * (BackendSlow, BackendFailing, SitePagesDegraded), encoders starved of CPU miss IMAGE_WAIT_S
 * (ImagesFallingBack), and the event loop's own delay rises (EventLoopBlocked). Their false alarms are a
 * speed goal; every other alert's are judged on any machine.
 */
export const BUSY_MACHINE_ALERTS = ['SiteReplicaDown', 'BackendSlow', 'BackendFailing', 'SitePagesDegraded', 'ImagesFallingBack', 'EventLoopBlocked'];

/** The first of `times` (ms on the run's clock) from `fromMs` on, or null. */
function firstFrom(times, fromMs) {
  const first = times.filter((t) => t >= fromMs).reduce((a, b) => Math.min(a, b), Infinity);
  return Number.isFinite(first) ? first : null;
}

/** Times (run clock) of a replica's kept warn and error lines whose message begins with `message`. */
function loggedAt(run, message) {
  return (run.logs ?? []).flatMap((log) =>
    (log.kept ?? []).filter((line) => line.includes(`"msg":"${message}`)).map((line) => Date.parse(JSON.parse(line).time) - run.startedAt),
  );
}

const degradedPages = (run) =>
  (run.access?.errors ?? []).filter((e) => e.status === 503 && e.upstream !== '-' && !e.path.startsWith('/_img/')).map((e) => e.atS * 1000);
const failedCalls = (run) => (run.logs ?? []).flatMap((log) => log.upstreamFailures ?? []);
const purgesSent = (run) => (run.purges ?? []).map((p) => p.sentMs);
/** When the tampering fault had asked every replica for a page it wrote (never, when it found nothing to copy). */
const tamperAsked = (run) => (run.findings?.tamperAsked ?? []).map((t) => t.atMs);
/** When the forging fault had published its messages to at least one replica (never, when none was subscribed). */
const messagesForged = (run) => (run.findings?.messagesForged ?? []).map((m) => m.atMs);
/** When the replica the kept-down fault stops was killed. */
const keptDown = (run) => (run.findings?.keptDown ?? []).map((k) => k.atMs);

/** When a fault first showed, on the run's clock: each a function of the run and the fault, null if it never did. */
export const ONSETS = {
  firstFailedCall: (run, fault) => firstFrom(failedCalls(run), fault.startMs),
  /**
   * The first failed call a hung backend can have caused: a call it holds fails at the replica's timeout,
   * so one that failed sooner began before the fault (a busy machine's slow call, a restarted replica's).
   */
  firstTimedOutCall: (run, fault) => firstFrom(failedCalls(run), fault.startMs + BACKEND_TIMEOUT_MS),
  firstDegradedPage: (run, fault) => firstFrom(degradedPages(run), fault.startMs),
  firstPurgeSent: (run, fault) => firstFrom(purgesSent(run), fault.startMs),
  firstTamperAsked: (run, fault) => firstFrom(tamperAsked(run), fault.startMs),
  firstMessagesForged: (run, fault) => firstFrom(messagesForged(run), fault.startMs),
  firstKeptDown: (run, fault) => firstFrom(keptDown(run), fault.startMs),
  /** The first kept log line beginning with `message`; `otherwiseMs` after the start where the kept lines ran out. */
  firstLogged: (message, otherwiseMs) => (run, fault) => firstFrom(loggedAt(run, message), fault.startMs) ?? fault.startMs + otherwiseMs,
  /** `ms` after the fault's start: a delay of the site's own, not recorded by the run. */
  after: (ms) => (_run, fault) => fault.startMs + ms,
};

/** The alert each fault exists to fire, and when the fault first shows (the others' alerts are proven by promtool's tests alone). */
export const EXPECTED_ALERTS = {
  'backend 500': [
    { alert: 'BackendFailing', onset: ONSETS.firstFailedCall },
    { alert: 'SitePagesDegraded', onset: ONSETS.firstDegradedPage },
  ],
  // A hung call fails at its timeout (BACKEND_TIMEOUT_MS), or when the fault ends and the backend drops it.
  'backend hangs': [{ alert: 'BackendFailing', onset: ONSETS.firstTimedOutCall }],
  'backend broken JSON': [{ alert: 'BackendFailing', onset: ONSETS.firstFailedCall }],
  // Calls take 3 s (scripts/lib/soak/backend.mjs) and are timed when they end.
  'backend slow (3 s)': [{ alert: 'BackendSlow', onset: ONSETS.after(3_000) }],
  'redis frozen (SIGSTOP)': [
    // A replica says so in its log, within two seconds: it drops a connection whose PING, sent every
    // second, is unanswered for one.
    { alert: 'RedisDown', onset: ONSETS.firstLogged('redis unreachable', 2_000) },
    // A purge applied on one replica that Redis does not take.
    { alert: 'PurgesNotReachingReplicas', onset: ONSETS.firstPurgeSent },
  ],
  // Every replica is asked for the pages the fault wrote: that is when they refuse them.
  'redis entries tampered': [{ alert: 'RedisEntriesRejected', onset: ONSETS.firstTamperAsked, event: true }],
  // Every subscribed replica drops the messages as they arrive.
  'redis messages forged': [{ alert: 'RedisMessagesRejected', onset: ONSETS.firstMessagesForged, event: true }],
  // Its scrape fails from the kill on.
  'replica killed, kept down': [{ alert: 'SiteReplicaDown', onset: ONSETS.firstKeptDown }],
};

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The findings from `run.alerts` ({ scrapeMs, startMs, endMs, timings, fired }, times on the run's clock):
 * per fault, the alerts expected and fired; false alarms; alerts no fault is meant to fire.
 */
export function alertFindings(run) {
  const { scrapeMs, timings, fired } = run.alerts;
  const timing = new Map(timings.map((t) => [t.alert, t]));
  const tailMs = (alert) => {
    const t = timing.get(alert);
    return (t ? t.lookbackMs + t.forMs : 0) + 2 * scrapeMs + SETTLE_MS + (SITE_SETTLE_MS[alert] ?? 0);
  };
  const starts = fired.flatMap((f) => f.spells.map((spell) => ({ alert: f.alert, labels: f.labels, startMs: spell.fromMs, endMs: spell.toMs })));
  const faults = run.timeline.map((fault) => {
    const end = fault.endMs ?? run.alerts.endMs;
    const firedHere = starts.filter((s) => s.startMs >= fault.startMs && s.startMs <= end + tailMs(s.alert));
    const expected = (EXPECTED_ALERTS[fault.name] ?? []).map(({ alert, onset, event = false }) => {
      const shownMs = fault.endMs === null ? null : onset(run, fault);
      const first = firedHere.filter((s) => s.alert === alert).sort((a, b) => a.startMs - b.startMs)[0];
      // Still firing from the fault before (back to back): heard, though this fault's own start is not timed.
      const already = !first && starts.some((s) => s.alert === alert && s.startMs < fault.startMs && s.endMs >= fault.startMs);
      const afterMs = first ? first.startMs - fault.startMs : already ? 0 : null;
      const boundMs = shownMs === null ? null : shownMs - fault.startMs + (timing.get(alert)?.forMs ?? 0) + 2 * scrapeMs;
      const forMs = timing.get(alert)?.forMs ?? 0;
      return {
        alert,
        // Judged when the fault ran to its end, showed, and its cause lasted the alert's for: (an event
        // such as an entry refused is heard for the whole window its rule reads).
        judged: shownMs !== null && (event ? shownMs <= end : end - shownMs >= forMs),
        shownAfterMs: shownMs === null ? null : shownMs - fault.startMs,
        boundMs,
        afterMs,
        fired: afterMs !== null,
        alreadyFiring: already,
        inTime: afterMs !== null && boundMs !== null && afterMs <= boundMs,
      };
    });
    return { name: fault.name, startMs: fault.startMs, endMs: fault.endMs, cut: fault.endMs === null, expected, fired: firedHere };
  });
  const attributed = new Set(faults.flatMap((f) => f.fired));
  // From the moment Prometheus had scraped every replica (before, its rules saw no replica at all).
  const falseAlarms = starts.filter((s) => !attributed.has(s) && s.startMs >= run.alerts.startMs && s.startMs <= run.alerts.endMs);
  const meant = new Set(Object.values(EXPECTED_ALERTS).flatMap((list) => list.map((e) => e.alert)));
  return { faults, falseAlarms, unexercised: timings.map((t) => t.alert).filter((alert) => !meant.has(alert)) };
}

/**
 * The alert goals, for goals.mjs: every fault's alert fired (judged on any machine), in time (a speed
 * goal: a replica waiting for a core answers its scrape late), and no false alarm. None without a
 * Prometheus in the run.
 */
export function alertGoals(run) {
  if (!run.alerts) return [];
  if (run.alerts.error)
    return [
      { id: 'alerts-fired', name: "each fault's alert fired", target: 'judged', measured: `Prometheus could not be read: ${run.alerts.error}`, ok: false },
    ];
  const { faults, falseAlarms } = alertFindings(run);
  const judged = faults.flatMap((f) => f.expected.filter((e) => e.judged).map((e) => ({ ...e, fault: f.name })));
  const missed = judged.filter((e) => !e.fired);
  const late = judged.filter((e) => e.fired && !e.inTime);
  const busy = falseAlarms.filter((s) => BUSY_MACHINE_ALERTS.includes(s.alert));
  const other = falseAlarms.filter((s) => !BUSY_MACHINE_ALERTS.includes(s.alert));
  const list = (items, text) => items.map((e) => `${e.fault} → ${e.alert}${text(e)}`).join('; ');
  return [
    {
      id: 'alerts-fired',
      name: "each fault's alert fired (deploy/prometheus/alerts.yml, in the soak's Prometheus)",
      target: `${judged.length} of ${judged.length}`,
      measured: `${judged.length - missed.length} of ${judged.length}${missed.length ? `; not: ${list(missed, () => '')}` : ''}`,
      ok: missed.length === 0 && judged.length > 0,
    },
    {
      id: 'alerts-in-time',
      name: "each fault's alert fired within its for: plus two scrape intervals (after the fault could show)",
      target: `${judged.length - missed.length} of ${judged.length - missed.length}`,
      measured: late.length
        ? `late: ${list(late, (e) => ` ${seconds(e.afterMs)} (bound ${seconds(e.boundMs)})`)}`
        : `all; the closest ${seconds(Math.min(...judged.filter((e) => e.fired).map((e) => e.boundMs - e.afterMs)))} before its bound`,
      ok: late.length === 0,
      speed: true,
    },
    falseAlarmGoal('false-alarms', 'alerts that fired while no fault ran (false alarms)', other),
    {
      ...falseAlarmGoal('false-alarms-busy', 'false alarms of the alerts a busy machine can fire (backend, scrape, event loop, images)', busy),
      speed: true,
    },
  ];
}

function falseAlarmGoal(id, name, alarms) {
  return {
    id,
    name,
    target: '0',
    measured: alarms.length ? alarms.map((s) => `${s.alert} at ${seconds(s.startMs)}${s.labels.instance ? ` on ${s.labels.instance}` : ''}`).join(', ') : '0',
    ok: alarms.length === 0,
  };
}
