/** Types of replica-logs.mjs for the tests that read a made-up log (test/unit/soak-goals.test.ts). */
export interface ReplicaLog {
  crashes: { kind: string; error: string }[];
  errorsByMessage: Record<string, number>;
  kept: string[];
  lines: number;
  /** When (ms into the run) the backend did not give the replica what a request needed in time. */
  upstreamFailures: number[];
}

export function readReplicaLog(stdoutFile: string, stderrFile: string, startedAt: number): Promise<ReplicaLog>;
