/** Types of goals.mjs for the tests that judge made-up runs (test/unit/soak-goals.test.ts). */
export interface Goal {
  id: string;
  name: string;
  target: string;
  measured: string;
  ok: boolean;
  notJudged?: boolean;
  expectedFailure?: boolean;
  held?: boolean;
}
export const RSS_LIMIT_MB: number;
export const EVENT_LOOP_LIMIT_MS: number;
export const PURGE_P99_LIMIT_MS: number;
export function judge(run: unknown): { goals: Goal[] };
export function loopByMachineUse(
  run: unknown,
): Array<{ band: string; windows: number; median: number; p90: number; worst: number; slow: number; worstOwn: number }>;
export function loopFigures(
  windows: Array<{ tMs: number; ms: number; ownMs?: number; cpuWaitS?: number | null }>,
  name: string,
): {
  name: string;
  worst: { tMs: number; ms: number } | null;
  worstOwn: { tMs: number; ms: number; ownMs?: number } | null;
  worstWaitMs: number;
  median: number;
  windows: number;
};
