/** Types of faults.mjs for the tests that read its fault list (test/unit/soak-alerts.test.ts). */
export interface Fault {
  name: string;
  group: string;
  disruptive: boolean;
  run(ctx: unknown): Promise<string>;
}
export function dirBytes(dir: string): number;
export function restartReplica(ctx: unknown, replica: unknown, signalName: string, downMs?: number): Promise<string>;
export function faults(config: { backendFaultS: number; freezeS: number }): Fault[];
