/** Types of alerts.mjs for the tests that judge made-up runs (test/unit/soak-alerts.test.ts). */
export const SETTLE_MS: number;
export const BUSY_MACHINE_ALERTS: string[];
type Onset = (run: unknown, fault: { startMs: number; endMs: number | null }) => number | null;
export const EXPECTED_ALERTS: Record<string, Array<{ alert: string; onset: Onset; event?: boolean }>>;
export interface ExpectedAlert {
  alert: string;
  judged: boolean;
  shownAfterMs: number | null;
  boundMs: number | null;
  afterMs: number | null;
  fired: boolean;
  alreadyFiring: boolean;
  inTime: boolean;
}
export function alertFindings(run: unknown): {
  faults: Array<{
    name: string;
    startMs: number;
    endMs: number | null;
    cut: boolean;
    expected: ExpectedAlert[];
    fired: Array<{ alert: string; startMs: number }>;
  }>;
  falseAlarms: Array<{ alert: string; startMs: number; labels: Record<string, string> }>;
  unexercised: string[];
};
export function alertGoals(run: unknown): Array<{ id: string; name: string; target: string; measured: string; ok: boolean; speed?: boolean }>;
