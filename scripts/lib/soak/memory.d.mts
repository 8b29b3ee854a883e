/** Types of memory.mjs for its test (test/unit/soak-memory.test.ts). */
export interface MemoryParts {
  tMs: number;
  replica: string;
  heapMb: number;
  externalMb: number;
  pageCacheMb: number;
  dataCacheMb: number;
  sanitizer: boolean;
}
export function sampleTotalMb(sample: { mb: number; totalMb?: number | null }): number | null;
export function memoryAtPeak(run: unknown): Array<{
  name: string;
  peak: { tMs: number; totalMb: number; serverPssMb: number; encodersMb: number } | null;
  parts: MemoryParts | null;
}>;
