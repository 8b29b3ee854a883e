/**
 * The purges a replica knows of, each by the purge generation it made, so that no entry filled before
 * one of them is used again, whatever Redis says.
 *
 * Redis itself makes an older entry unusable after a purge (its entity generations replaced, its key
 * deleted; ./second-level.ts), but anyone who can write into Redis can put things back as they were: an
 * entry copied before the purge, its entity generations with it. Its signature is still good, since a
 * replica did write it. What the neighbour cannot change is the purge generation signed into the entry
 * (`site:gen` when its fill was claimed) nor the one signed into the purge's message. Purge generations
 * only grow (Redis's clock, in microseconds, made in the purge's script), so an entry is refused when a
 * purge that covers it (its path under a purged prefix, or an entity it holds purged) has a later
 * generation than the one it was filled under.
 *
 * The same numbers tell a replayed purge message from a new one: a purge no later than one already
 * known for its scope adds nothing and is not applied again.
 *
 * A replica knows the purges made or announced since it subscribed: one that starts later relies on
 * Redis's own check for older purges (docs/operations.md, "What the site trusts in Redis").
 *
 * Bounded: past MAX_ENTITIES entity keys or MAX_PREFIXES prefixes, everything known becomes one purge of
 * everything at the latest generation (refusing more entries than needed, never fewer).
 */
import type { PurgeBatch } from './purge-batch';

const MAX_ENTITIES = 10_000;
/** Every read checks its path against each prefix. */
const MAX_PREFIXES = 256;
/** A purge generation is Redis's clock in microseconds: sixteen digits until the year 2255. */
const GENERATION = /^\d{1,16}$/;

/** A purge generation's place in time; -1 for what no replica's script writes (older than every purge). */
export function generationOrder(generation: string): number {
  return GENERATION.test(generation) ? Number(generation) : -1;
}

export class PurgeFloors {
  private everything = -1;
  private readonly entities = new Map<string, number>();
  private readonly prefixes = new Map<string, number>();

  /**
   * Records a purge made under `generation`. False when it adds nothing to what is known (every scope it
   * names already purged at that generation or later): a replay, or a purge this replica made itself.
   */
  record(batch: PurgeBatch, generation: string): boolean {
    const at = generationOrder(generation);
    if (at < 0) return false;
    let added = false;
    for (const prefix of batch.prefixes) {
      if (prefix === '') added = this.raiseEverything(at) || added;
      else added = raise(this.prefixes, prefix, at, this.everything) || added;
    }
    for (const key of batch.keys) added = raise(this.entities, key, at, this.everything) || added;
    if (this.entities.size > MAX_ENTITIES || this.prefixes.size > MAX_PREFIXES)
      this.raiseEverything(Math.max(...this.entities.values(), ...this.prefixes.values()));
    return added;
  }

  /** Whether a purge known here covers an entry for `path` holding `entities` and was made after its fill was claimed. */
  refuses(path: string, entities: string[], filledUnder: string): boolean {
    const at = generationOrder(filledUnder);
    if (at < this.everything) return true;
    if (entities.some((entity) => at < (this.entities.get(entity) ?? -1))) return true;
    for (const [prefix, floor] of this.prefixes) if (at < floor && path.startsWith(prefix)) return true;
    return false;
  }

  private raiseEverything(at: number): boolean {
    if (at <= this.everything) return false;
    this.everything = at;
    // What a purge of everything covers needs no floor of its own.
    for (const floors of [this.entities, this.prefixes]) for (const [scope, floor] of floors) if (floor <= at) floors.delete(scope);
    return true;
  }
}

function raise(floors: Map<string, number>, scope: string, at: number, everything: number): boolean {
  if (at <= Math.max(everything, floors.get(scope) ?? -1)) return false;
  floors.set(scope, at);
  return true;
}
