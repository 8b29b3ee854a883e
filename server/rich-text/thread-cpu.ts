/**
 * The CPU time one thread of this process has used, from the kernel's count (Linux's /proc): what a
 * time limit on a thread's work should count on a busy host, where the wall clock also counts the time
 * the kernel gave to others.
 */
import { readFileSync } from 'node:fs';

/** The kernel counts in clock ticks of 1/100 s in /proc on every architecture Node runs on (USER_HZ). */
const MS_PER_TICK = 10;

/** Milliseconds of CPU (user and system) thread `tid` of this process has used, or null if unknown. */
export function threadCpuMs(tid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
}
