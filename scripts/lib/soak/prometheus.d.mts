/** Types of prometheus.mjs for the tests (test/unit/soak-alerts.test.ts, test/e2e/grafana-dashboard.test.ts). */
export const PROMETHEUS: string;
export const TIME_SCALE: number;
export const SCRAPE_MS: number;
export const EVALUATION_MS: number;
export function durationMs(text: string): number;
export function scaledDuration(text: string, factor: number): string;
export function scaledExpr(expr: string, factor: number): string;
export function scaledRules(text: string, factor: number): string;
export function alertTimings(text: string): Array<{ alert: string; forMs: number; lookbackMs: number }>;
export function soakConfig(text: string, options: { targets: string[]; rulesFile: string }): string;
export function firingSpells(times: number[], gapMs?: number): Array<{ fromMs: number; toMs: number }>;
export interface RunningPrometheus {
  url: string;
  rulesText: string;
  timings: Array<{ alert: string; forMs: number; lookbackMs: number }>;
  query(promql: string, atMs?: number): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  firing(fromMs: number, toMs: number): Promise<Array<{ alert: string; labels: Record<string, string>; spells: Array<{ fromMs: number; toMs: number }> }>>;
  stop(): Promise<unknown>;
}
export function startPrometheus(options: { dir: string; targets: string[]; signal?: AbortSignal; timeScale?: number }): Promise<RunningPrometheus>;
