/**
 * The report's "Alerts" section (./report.mjs): for each fault the soak injected, the alert it exists to
 * fire and how soon it did, and every other alert that fired during it; then every alert that fired
 * while no fault ran, and the alerts no fault is meant to fire (proven by promtool's tests alone).
 */
import { alertFindings } from './alerts.mjs';
import { EVALUATION_MS, SCRAPE_MS, TIME_SCALE } from './prometheus.mjs';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const where = (labels) => (labels.instance ? ` on ${labels.instance}` : '');

/** The expected alert's cell: how soon against its bound, or that it did not fire. */
function expectedCell(fault) {
  if (!fault.expected.length) return 'none meant';
  return fault.expected
    .map((e) => {
      if (!e.judged) {
        const why = fault.cut
          ? 'cut by the end'
          : e.shownAfterMs === null
            ? 'the fault never showed'
            : `it showed after ${seconds(e.shownAfterMs)}: shorter than the for:`;
        return `${e.alert}: ${e.fired ? seconds(e.afterMs) : 'not fired'}, not judged (${why})`;
      }
      if (!e.fired) return `${e.alert}: **not fired**`;
      const after = e.alreadyFiring ? 'already firing' : seconds(e.afterMs);
      return `${e.alert}: ${after} (≤ ${seconds(e.boundMs)})${e.inTime ? '' : ' **late**'}`;
    })
    .join('; ');
}

/** The other alerts that began to fire during a fault, each once, with when. */
function othersCell(fault) {
  const texts = [...fault.fired]
    .sort((a, b) => a.startMs - b.startMs)
    .filter((f) => !fault.expected.some((e) => e.alert === f.alert))
    .map((f) => `${f.alert} ${seconds(f.startMs - fault.startMs)}`);
  return [...new Set(texts)].join(', ') || '—';
}

/** Writes the section into the report: `lines` is its text so far, `table(head, rows)` adds a table to it. */
export function writeAlertSection(run, lines, table) {
  if (!run.alerts) return;
  lines.push('## Alerts', '');
  if (run.alerts.error) {
    lines.push(`Prometheus could not be read: ${run.alerts.error}`, '');
    return;
  }
  const { faults, falseAlarms, unexercised } = alertFindings(run);
  lines.push(
    `deploy/prometheus/alerts.yml in Debian's Prometheus with every \`for:\` and range window divided by ${TIME_SCALE} ` +
      `(scrape every ${SCRAPE_MS / 1000} s, evaluation every ${EVALUATION_MS / 1000} s), from ${seconds(run.alerts.startMs)} to the end of the load. ` +
      "Times are from the fault's start; an alert's bound is its `for:` plus two scrape intervals after the fault could first show " +
      "(scripts/lib/soak/alerts.mjs). Other alerts belong to a fault when they began to fire before its end plus the alert's lookback, `for:` and a settling time.",
    '',
  );
  table(
    ['#', 'fault', 'at', 'its alert: after (bound)', 'other alerts that fired (after)'],
    faults.map((f, i) => [i + 1, f.name, seconds(f.startMs), expectedCell(f), othersCell(f)]),
  );
  lines.push(
    falseAlarms.length
      ? `**Alerts that fired while no fault ran (${falseAlarms.length}):** ${falseAlarms.map((s) => `${s.alert} at ${seconds(s.startMs)}${where(s.labels)}`).join(', ')}.`
      : 'No alert fired while no fault ran.',
    '',
    `No fault is meant to fire ${unexercised.join(', ')}: promtool's unit tests (deploy/prometheus/tests/) prove those.`,
    '',
  );
}
