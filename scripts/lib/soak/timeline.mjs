/**
 * When each fault ran, on the run's clock: the report lists them, the chart shades them, and a purge
 * measured while one was active is told apart from one measured on a healthy stack.
 */
export class Timeline {
  constructor(clock) {
    this.clock = clock;
    this.events = [];
  }

  begin(name, group) {
    const event = { name, group, startMs: this.clock.now(), endMs: null, notes: '' };
    this.events.push(event);
    return event;
  }

  end(event, notes = '') {
    event.endMs = this.clock.now();
    event.notes = notes;
  }

  /** Whether a fault of one of `groups` is running now. */
  active(groups) {
    return this.events.some((e) => e.endMs === null && groups.includes(e.group));
  }

  /** The faults of `groups` that overlapped [fromMs, toMs]. */
  during(groups, fromMs, toMs) {
    return this.events.filter((e) => groups.includes(e.group) && e.startMs <= toMs && (e.endMs ?? Infinity) >= fromMs);
  }
}
