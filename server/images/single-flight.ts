/** Calls for the same key while one is under way share its promise: one fetch, one encode. */
export class SingleFlight<T> {
  private readonly pending = new Map<string, Promise<T>>();

  run(key: string, task: () => Promise<T>): Promise<T> {
    let flight = this.pending.get(key);
    if (!flight) {
      flight = task().finally(() => this.pending.delete(key));
      this.pending.set(key, flight);
    }
    return flight;
  }
}
