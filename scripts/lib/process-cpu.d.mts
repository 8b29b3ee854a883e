/** Types for the TypeScript measuring modules that share these helpers with scripts/bench.mjs. */
export declare const CLK_TCK: number;
/** CPU time (user + system) the processes have used, in microseconds. */
export declare function cpuMicros(pids: number[]): number;
/** The process and its children, and theirs. */
export declare function processTree(pid: number): number[];
/** CPU time (microseconds) of `pid` and of every process under it, those already ended and waited for included. */
export declare function treeCpuMicros(pid: number): number;
