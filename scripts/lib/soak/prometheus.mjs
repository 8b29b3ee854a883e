/**
 * Debian's Prometheus beside the soak test: deploy/prometheus/prometheus.yml with its targets replaced by
 * the replicas' metrics listeners, scraping every SCRAPE_MS and evaluating deploy/prometheus/alerts.yml
 * every EVALUATION_MS, that file's durations divided by TIME_SCALE.
 *
 * Why one scale for every duration rather than soak values chosen rule by rule: the soak's faults last
 * seconds where a production incident lasts minutes, so the soak runs the rules on a clock 30 times as
 * fast, every `for:` and every range window divided alike (`for: 3m` on a `[2m]` rate: 6 s on 4 s). The
 * rules' shape is then what production runs (a blip shorter than a rule's `for:` is still a blip, a rate
 * window still holds four scrapes), and no soak value can be tuned to pass on its own. The scaled file is
 * made from the one in deploy/ at each run, so the two never drift.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { freePort, root } from '../site-process.mjs';
import { launch, stopProcess } from './processes.mjs';
import { boundedFetch, waitUntil } from './time.mjs';

export const PROMETHEUS = '/usr/bin/prometheus';
/** Production's 30 s scrape (the rules' windows hold four of them) is the soak's second. */
export const TIME_SCALE = 30;
export const SCRAPE_MS = 1_000;
/** A quarter of a scrape: an alert is evaluated soon after the scrape that shows its cause. */
export const EVALUATION_MS = 250;

const UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };
const DURATION = /^(?:\d+(?:ms|[smhdwy]))+$/;

/** A Prometheus duration ('1h30m', '2m', '500ms') in milliseconds. */
export function durationMs(text) {
  if (!DURATION.test(text)) throw new Error(`not a Prometheus duration: ${text}`);
  return [...text.matchAll(/(\d+)(ms|[smhdwy])/g)].reduce((sum, [, n, unit]) => sum + Number(n) * UNITS_MS[unit], 0);
}

/** `text` divided by `factor`, in whole milliseconds. */
export function scaledDuration(text, factor) {
  return `${Math.max(1, Math.round(durationMs(text) / factor))}ms`;
}

/** Every range (`[5m]`, a subquery's `[30m:1m]`) in a PromQL expression, divided by `factor`. */
export function scaledExpr(expr, factor) {
  return expr.replace(/\[([0-9a-z]+)(?::([0-9a-z]*))?\]/g, (_, range, step) =>
    step === undefined ? `[${scaledDuration(range, factor)}]` : `[${scaledDuration(range, factor)}:${step && scaledDuration(step, factor)}]`,
  );
}

/** deploy/prometheus/alerts.yml's text with every `for:` and every range divided by `factor`, as YAML. */
export function scaledRules(text, factor) {
  const file = yaml.load(text);
  for (const group of file.groups) {
    if (group.interval) group.interval = scaledDuration(group.interval, factor);
    for (const rule of group.rules) {
      rule.expr = scaledExpr(String(rule.expr), factor);
      for (const key of ['for', 'keep_firing_for']) if (rule[key]) rule[key] = scaledDuration(rule[key], factor);
    }
  }
  return yaml.dump(file, { lineWidth: -1 });
}

/** The longest range an expression reads, in ms (0 for none). */
function longestRangeMs(expr) {
  return Math.max(0, ...[...expr.matchAll(/\[([0-9a-z]+)(?::[0-9a-z]*)?\]/g)].map(([, range]) => durationMs(range)));
}

/**
 * Each alert of a rules text: its `for:` and how far back its expression reads (its own ranges and those
 * of the recording rules it reads), in ms.
 */
export function alertTimings(text) {
  const rules = yaml.load(text).groups.flatMap((g) => g.rules);
  const records = new Map(rules.filter((r) => r.record).map((r) => [r.record, longestRangeMs(String(r.expr))]));
  return rules
    .filter((r) => r.alert)
    .map((rule) => {
      const expr = String(rule.expr);
      const read = [...records].filter(([name]) => expr.includes(name)).map(([, ms]) => ms);
      return { alert: rule.alert, forMs: rule.for ? durationMs(rule.for) : 0, lookbackMs: Math.max(longestRangeMs(expr), ...read) };
    });
}

/** deploy/prometheus/prometheus.yml for this run: its job "site" scraping `targets`, the scaled rules, no Alertmanager. */
export function soakConfig(text, { targets, rulesFile }) {
  const config = yaml.load(text);
  const site = config.scrape_configs?.find((job) => job.job_name === 'site');
  if (!site) throw new Error('deploy/prometheus/prometheus.yml: no scrape job named "site"');
  site.static_configs = [{ targets }];
  config.global = { ...config.global, scrape_interval: `${SCRAPE_MS}ms`, scrape_timeout: `${SCRAPE_MS}ms`, evaluation_interval: `${EVALUATION_MS}ms` };
  config.rule_files = [rulesFile];
  delete config.alerting;
  return yaml.dump(config, { lineWidth: -1 });
}

/**
 * Starts Prometheus in `dir` on a free loopback port, scraping `targets` (host:port), with deploy/'s
 * rules scaled by TIME_SCALE; resolves once every target has been scraped up. `query(promql, atMs)` runs
 * an instant query; `firing(fromMs, toMs)` lists the alerts that fired between two times.
 */
export async function startPrometheus({ dir, targets, signal, timeScale = TIME_SCALE }) {
  const home = join(dir, 'prometheus');
  mkdirSync(join(home, 'data'), { recursive: true });
  const rulesText = scaledRules(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8'), timeScale);
  writeFileSync(join(home, 'alerts.yml'), rulesText);
  const configFile = join(home, 'prometheus.yml');
  writeFileSync(configFile, soakConfig(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8'), { targets, rulesFile: 'alerts.yml' }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = launch(
    'prometheus',
    PROMETHEUS,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(home, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--storage.tsdb.retention.time=1d',
      // Gone at once when a replica stops, rather than 5 minutes on: a stopped target's series end.
      '--query.lookback-delta=5s',
    ],
    { stdout: 'ignore', stderr: 'ignore' },
  );
  const api = async (path, params) => {
    const response = await boundedFetch(`${url}/api/v1/${path}?${new URLSearchParams(params)}`, { timeoutMs: 30_000 });
    const body = await response.json();
    if (body.status !== 'success') throw new Error(`prometheus ${path}: ${body.error ?? response.status}`);
    return body.data;
  };
  const query = (promql, atMs = Date.now()) => api('query', { query: promql, time: String(atMs / 1000) }).then((data) => data.result);
  const up = await waitUntil(async () => (await query('up{job="site"} == 1')).length === targets.length, { timeoutMs: 60_000, everyMs: 500, signal });
  if (!up && !signal?.aborted) {
    await stopProcess(proc, 'SIGTERM', 5_000);
    throw new Error(`prometheus did not scrape all ${targets.length} replicas within 60 s`);
  }
  return {
    url,
    rulesText,
    timings: alertTimings(rulesText),
    query,
    /** Every alert that fired between `fromMs` and `toMs` (epoch ms): its labels and its firing spells. */
    async firing(fromMs, toMs) {
      const rangeS = Math.max(1, Math.ceil((toMs - fromMs) / 1000));
      const series = await api('query', { query: `ALERTS{alertstate="firing"}[${rangeS}s]`, time: String(toMs / 1000) }).then((d) => d.result);
      return series.map(({ metric, values }) => ({
        alert: metric.alertname,
        labels: Object.fromEntries(Object.entries(metric).filter(([key]) => !['__name__', 'alertname', 'alertstate'].includes(key))),
        spells: firingSpells(values.map(([t]) => Math.round(Number(t) * 1000))),
      }));
    },
    stop: () => stopProcess(proc, 'SIGTERM', 10_000),
  };
}

/**
 * The evaluations at which an alert was firing, as spells [fromMs, toMs]: Prometheus writes the series at
 * each evaluation while the alert fires, and a gap of three scrapes ends a spell (a Prometheus short of
 * CPU skips an evaluation now and then: that is no new alert).
 */
export function firingSpells(times, gapMs = 3 * SCRAPE_MS) {
  const spells = [];
  for (const t of [...times].sort((a, b) => a - b)) {
    const last = spells.at(-1);
    if (last && t - last.toMs <= gapMs) last.toMs = t;
    else spells.push({ fromMs: t, toMs: t });
  }
  return spells;
}
