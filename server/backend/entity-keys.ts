/**
 * Entity keys for purges by key (POST /_cache/purge {"keys": [...]}): what a backend editor changed,
 * named the way the backend names it, and the data entries that hold it. A key is `<kind>:<id>` for
 * one record (news:5 is in /news/yangiliklar/5/ and in the list page that shows it) or a collection
 * name for a whole list (news: every news list page, where a new item appears). The table of keys for
 * sysadmins: docs/operations.md, "Purge by entity key".
 */
import type { Parser } from './cache';

interface Identified {
  id: number;
}

/** The parser, telling the data cache which entities each parsed value holds. */
export function withEntities<T>(parser: (json: unknown) => Promise<T>, entities: (value: T) => string[]): Parser<T> {
  const wrapped: Parser<T> = (json) => parser(json);
  wrapped.entities = entities;
  return wrapped;
}

/** The collection key and one `<kind>:<id>` per record of a list. */
export function listed(collection: string, kind: string): (records: Identified[]) => string[] {
  return (records) => [collection, ...records.map((record) => `${kind}:${record.id}`)];
}

/** One record's key. */
export function single(kind: string): (record: Identified) => string[] {
  return (record) => [`${kind}:${record.id}`];
}

/** A page without records of its own (the home page's slides, the student-life gallery). */
export function named(key: string): () => string[] {
  return () => [key];
}

/** Which keys a purge may name: a collection (news) or a record (news:5). */
export const ENTITY_KEY = /^[a-z][a-z-]{0,39}(:[1-9][0-9]{0,8})?$/;
