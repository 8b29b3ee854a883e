/**
 * CPU time from /proc, for the measuring scripts: a server's cost is its own CPU and that of the
 * processes it starts (nginx's workers, the image encoders, where libvips does its work). A live
 * child's time is in its own stat; one that has ended and been waited for adds to its parent's cutime
 * and cstime, so counting both keeps a child that exits mid-measurement.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces, inside parentheses). */
export function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time (user + system) the processes have used, in microseconds. */
export function cpuMicros(pids) {
  let ticks = 0;
  for (const pid of pids) {
    // utime is the 14th field of the line, stime the 15th.
    const fields = statFields(pid);
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1e6) / CLK_TCK;
}

/**
 * The pids whose CPU a server costs: the process and its children, and theirs. Read from /proc (each
 * thread lists the children it started), not from a command: a command run to read a process's own
 * tree would be its child and add its CPU to what is read.
 */
export function processTree(pid) {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      // The thread ended since the directory was read.
      return [];
    }
  });
  return [pid, ...children.flatMap(processTree)];
}

/**
 * CPU time (microseconds) of `pid` and of every process under it, those already ended and waited for
 * included. Read by the process itself, the figure is consistent: Node waits for an ended child only on
 * its event loop, never during this synchronous read, so a child is either listed (a zombie is) or in
 * cutime, never both or neither.
 */
export function treeCpuMicros(pid) {
  // cutime and cstime: the 16th and 17th fields.
  const fields = statFields(pid);
  const waitedFor = ((Number(fields[13]) + Number(fields[14])) * 1e6) / CLK_TCK;
  return cpuMicros(processTree(pid)) + waitedFor;
}
