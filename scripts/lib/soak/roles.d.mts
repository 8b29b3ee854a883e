/** Types of roles.mjs for its test (test/unit/soak-roles.test.ts). */
export const ROLES: string[];
export const FULL_MACHINE_PERCENT: number;
export function roleOf(pid: number, selfPid: number, commandLine: string): string;
export function cpuByRole(selfPid?: number): () => Record<string, number>;
export function roleFigures(run: unknown): { rows: Array<{ role: string; mean: number; whenFull: number }>; fullSamples: number };
