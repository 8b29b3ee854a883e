/** Types of alert-faults.mjs for the tests (test/unit/soak-alerts.test.ts). */
import type { Fault } from './faults.mjs';
export const REPLICA_DOWN_MS: number;
export function withAlertFaults(list: Fault[]): Fault[];
