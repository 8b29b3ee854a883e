/**
 * Who used the machine: the CPU time of every process the soak test started, by role, so that a full
 * machine can be read: the stack under test (the replicas, their image encoders, nginx, Redis) apart from
 * what stands in for the world around it (wrk's clients; the fake backend, in the soak test's own
 * process with its samplers). Live processes only: the last seconds of one that ends between two samples
 * (a minute's wrk segment, an encoder) are not counted.
 */
import { readFileSync } from 'node:fs';
import { CLK_TCK, processTree, statFields } from '../process-cpu.mjs';
import { machineUse, sameTick } from './goals.mjs';

/** The machine counts as full from this share of all its cores in use. */
export const FULL_MACHINE_PERCENT = 90;

export const ROLES = ['replicas', 'image encoders', 'nginx', 'redis', 'wrk', 'soak test and fake backend', 'other'];

/** The role of a process from its command line (NUL-separated, as /proc gives it). */
export function roleOf(pid, selfPid, commandLine) {
  if (pid === selfPid) return 'soak test and fake backend';
  const args = commandLine.split('\0');
  // nginx and Redis rewrite their first argument: 'nginx: worker process', '/usr/bin/redis-server 127.0.0.1:6379'.
  const program = (args[0] ?? '').split(' ')[0].split('/').at(-1);
  if (program === 'wrk') return 'wrk';
  if (program.startsWith('nginx')) return 'nginx';
  if (program.startsWith('redis-server')) return 'redis';
  if (args.some((arg) => arg.endsWith('encoder-process.mjs'))) return 'image encoders';
  if (args.some((arg) => arg.endsWith('dist/server/index.js'))) return 'replicas';
  return 'other';
}

function ticksAndCommand(pid) {
  const fields = statFields(pid);
  return { ticks: Number(fields[11]) + Number(fields[12]), command: readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
}

/**
 * A sampler of the CPU each role used since its previous call, in percent of one core (two busy cores:
 * 200). A process first seen counts all its time so far: it started since the previous call.
 */
export function cpuByRole(selfPid = process.pid) {
  let seen = new Map();
  let lastMs = performance.now();
  return () => {
    const nowMs = performance.now();
    const used = Object.fromEntries(ROLES.map((role) => [role, 0]));
    const next = new Map();
    let tree = [];
    try {
      tree = processTree(selfPid);
    } catch {
      // No /proc: nothing to read.
    }
    for (const pid of tree) {
      try {
        const { ticks, command } = ticksAndCommand(pid);
        next.set(pid, ticks);
        used[roleOf(pid, selfPid, command)] += ticks - (seen.get(pid) ?? 0);
      } catch {
        // The process ended since the tree was read.
      }
    }
    const seconds = (nowMs - lastMs) / 1000;
    seen = next;
    lastMs = nowMs;
    return Object.fromEntries(Object.entries(used).map(([role, ticks]) => [role, seconds > 0 ? (100 * ticks) / CLK_TCK / seconds : 0]));
  };
}

/**
 * Each role's mean CPU (percent of one core) over the run, and over the samples in which the machine
 * was full; and how many such samples. Empty without role samples.
 */
export function roleFigures(run) {
  const samples = run.samples.roles ?? [];
  if (samples.length < 2) return { rows: [], fullSamples: 0 };
  const use = machineUse(run);
  // The first sample counts every process's time since it started.
  const measured = samples.slice(1);
  const full = measured.filter((s) => (sameTick(use, s.tMs)?.percent ?? 0) >= FULL_MACHINE_PERCENT);
  const mean = (list, role) => (list.length ? list.reduce((sum, s) => sum + (s.cores[role] ?? 0), 0) / list.length : NaN);
  return {
    rows: ROLES.map((role) => ({ role, mean: mean(measured, role), whenFull: mean(full, role) })),
    fullSamples: full.length,
  };
}
