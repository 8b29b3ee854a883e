/**
 * The replicas' channel on Redis, `site:events`: fills (wake the replicas waiting for an entry), purges
 * (every replica drops what they name) and image announcements (prompts to read a signed fact).
 *
 * Anyone who can reach Redis can PUBLISH there, and Redis delivers whatever is published to every
 * subscriber, so what arrives is judged here, once, before anything reads it: a message larger than
 * any replica sends is dropped without being decoded; one without a valid signature (./seal.ts, over
 * the channel and the message) is dropped before it is parsed. Both are counted (`rejected`). What a
 * signed message may still be, a replay of one a replica sent, each listener judges for its kind: a
 * purge already applied is not applied again (./purge-floors.ts), a fill or an image announcement only
 * prompts a read of a signed value.
 *
 * Messages are `<mac> <json>`, published from Lua scripts right after the write they announce.
 */
import type { RedisLink } from './redis-link';
import { MAC_CHARS, type Seal } from './seal';

export const EVENTS_CHANNEL = 'site:events';

/**
 * Largest message read: a purge of 1000 entity keys (past that a batch purges everything) is about
 * 50 KB; a fill or an image announcement names one path or URL.
 */
export const MAX_EVENT_BYTES = 64 * 1024;

/** What replicas tell each other. A purge names the purge generation it made (./purge-floors.ts). */
export type SharedEvent =
  | { type: 'fill'; build: string; path: string }
  | { type: 'purge'; from: string; generation: string; prefix: string }
  | { type: 'purge'; from: string; generation: string; keys: string[] }
  | { type: 'image'; build: string; from: string; source: string };

/** A signed message's fields, for its kind's listener to check. */
export type EventFields = Record<string, unknown>;

export class SharedEvents {
  /** Messages dropped unread: larger than MAX_EVENT_BYTES, not signed with REDIS_SIGNING_KEY, or not JSON. */
  rejected = 0;
  private readonly listeners = new Map<string, Set<(fields: EventFields) => void>>();

  constructor(
    link: RedisLink,
    private readonly seal: Seal,
  ) {
    link.subscribe(EVENTS_CHANNEL, (message) => this.received(message));
  }

  /** The message that announces `event`, as a script PUBLISHes it. */
  message(event: SharedEvent): string {
    const json = JSON.stringify(event);
    return `${this.seal.mac('event', EVENTS_CHANNEL, json)} ${json}`;
  }

  /** Called with the fields of every signed message of this kind (a kind it does not know, a newer build's, reaches nobody). */
  on(type: SharedEvent['type'], listener: (fields: EventFields) => void): void {
    const listeners = this.listeners.get(type) ?? new Set();
    listeners.add(listener);
    this.listeners.set(type, listeners);
  }

  private received(message: Buffer): void {
    // The cheap checks first: a hostile stream of large messages costs their length, never a decode or a parse.
    if (message.length > MAX_EVENT_BYTES || message.length <= MAC_CHARS || message[MAC_CHARS] !== 0x20) {
      this.rejected++;
      return;
    }
    const text = message.toString('utf8');
    const fields = this.seal.openJson(text.slice(0, MAC_CHARS), 'event', EVENTS_CHANNEL, text.slice(MAC_CHARS + 1));
    if (typeof fields !== 'object' || fields === null) {
      this.rejected++;
      return;
    }
    const { type } = fields as EventFields;
    for (const listener of (typeof type === 'string' && this.listeners.get(type)) || []) listener(fields as EventFields);
  }
}
