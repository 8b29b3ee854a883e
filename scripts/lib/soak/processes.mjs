/**
 * Every process the soak test starts, each in a process group of its own (detached), so that a Ctrl-C
 * in the terminal reaches only the soak script, which then stops them in order; and so that a stop
 * reaches a process's children too (nginx's workers). Nothing is left running: `stopProcess` ends with
 * SIGKILL after a grace period, and `killAllNow` is the last resort on the script's own exit.
 */
import { spawn } from 'node:child_process';
import { sleep } from './time.mjs';

const running = new Set();

/** Sends `signal` to the process group; a group already gone is not an error. */
function signalGroup(proc, signal) {
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // Exited meanwhile.
  }
}

/**
 * Starts `command` detached, stdout and stderr to the given file descriptors or 'ignore'. `asked` is set
 * by whoever stops it, so an exit nobody asked for can be told apart.
 */
export function launch(name, command, args, { env = process.env, cwd, stdout = 'ignore', stderr = 'ignore' } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', stdout, stderr], detached: true });
  const proc = { name, child, pid: child.pid, asked: false, exit: null };
  proc.exited = new Promise((resolve) => {
    const done = (code, signal) => {
      running.delete(proc);
      proc.exit ??= { code, signal, at: Date.now() };
      resolve(proc.exit);
    };
    child.once('exit', done);
    child.once('error', (error) => done(null, `spawn failed: ${error.message}`));
  });
  running.add(proc);
  return proc;
}

export function isRunning(proc) {
  return Boolean(proc) && proc.exit === null;
}

/**
 * Asks `proc` to stop with `signal`, waits up to `graceMs`, then kills it. Resolves with its exit,
 * whether it had to be killed and how long it took to exit after the signal (`tookMs`).
 */
export async function stopProcess(proc, signal = 'SIGTERM', graceMs = 15_000) {
  proc.asked = true;
  if (!isRunning(proc)) return { ...proc.exit, forced: false, tookMs: 0 };
  const signalledAt = Date.now();
  // A frozen process (SIGSTOP) handles no signal but SIGKILL until it is continued.
  signalGroup(proc, 'SIGCONT');
  signalGroup(proc, signal);
  const exit = await Promise.race([proc.exited, sleep(graceMs).then(() => null)]);
  if (exit) return { ...exit, forced: false, tookMs: exit.at - signalledAt };
  signalGroup(proc, 'SIGKILL');
  await Promise.race([proc.exited, sleep(5_000)]);
  return { ...proc.exit, forced: true, tookMs: Date.now() - signalledAt };
}

/** Sends a signal to a running process's group (SIGKILL, SIGSTOP, SIGCONT) without waiting. */
export function signalProcess(proc, signal) {
  if (isRunning(proc)) signalGroup(proc, signal);
}

/** Synchronous, for the script's own exit: every process still running is killed. */
export function killAllNow() {
  for (const proc of running) {
    proc.asked = true;
    signalGroup(proc, 'SIGCONT');
    signalGroup(proc, 'SIGKILL');
  }
}

export function runningNames() {
  return [...running].map((proc) => `${proc.name} (${proc.pid})`);
}
