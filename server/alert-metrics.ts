/**
 * What the alert rules in deploy/prometheus/ need beyond the request, cache and Redis figures: whether
 * this replica is ready (the public /readyz's answer, which a Prometheus cannot read from the public
 * port), and the memory limit its memory is measured against. The limit is the container's (the
 * cgroup's, as Node reads it), or the host's memory where no container limits it: the kernel's OOM
 * killer acts at one or the other.
 */
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { Registry } from 'prom-client';
import { gauge } from './metrics';

/** The memory this process may use before the kernel kills it: its cgroup's limit, or the host's memory. */
export function memoryLimitBytes(constrained = process.constrainedMemory?.(), host = totalmem()): number {
  // Node reports "no limit" as 0 (newer versions) or as a huge number (the cgroup's "max", older ones).
  return constrained && constrained > 0 && constrained < host ? constrained : host;
}

/** Resident bytes of process `pid` (VmRSS in /proc), 0 when it is gone or there is no /proc. */
export function residentBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function registerAlertMetrics(registry: Registry, { ready }: { ready: () => boolean }): void {
  gauge(registry, 'site_ready', '1 once this replica has something to show (its /readyz answers 200), 0 before', () => (ready() ? 1 : 0));
  gauge(registry, 'site_memory_limit_bytes', "Memory the process may use: its container's limit (cgroup), or the host's memory where none is set", () =>
    memoryLimitBytes(),
  );
}
