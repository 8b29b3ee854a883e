/** Types of stops.mjs for the tests that judge made-up runs (test/unit/soak-goals.test.ts). */
export interface Stopped {
  code: number | null;
  signal: string | null;
  at: number;
  forced: boolean;
  tookMs: number;
}
export interface StopFinding {
  atMs: number;
  replica: string;
  signal: string;
  tookMs: number;
  forced: boolean;
}
export const STOP_GRACE_MS: number;
export const STOP_KILL_MS: number;
export function slowStop(stop: { forced: boolean; tookMs: number }): boolean;
export function recordStop(findings: { stops: StopFinding[] }, stop: { atMs: number; replica: string; signal: string; stopped: Stopped | null }): void;
export function stopNote(stopped: Stopped | null, signal: string): string;
