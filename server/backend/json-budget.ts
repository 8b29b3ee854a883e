/**
 * What parsing a backend answer may make, bounded before JSON.parse sees it. The body's limit (8 MB,
 * http-source.ts) bounds its bytes, not what V8 makes of them: `{}` is two bytes and an object of about
 * 64 bytes of heap, a record with a key of its own a hidden class of its own too, so 8 MB of them took
 * 150-240 MB of a replica's 256 MB heap and a second or more of its main thread each, and two such
 * answers at once ended the process (heap exhausted). Every value of a container but its first follows a
 * comma, so counting `{`, `[` and `,` outside strings bounds the values parsing makes.
 */

/**
 * The most values an answer may hold. The largest answer the site reads at its list bounds (fields.ts
 * LIST_BOUNDS: 100 faculties of 100 departments, each record with a few dozen fields) holds about 100,000;
 * the demo content's largest, a few hundred. 200,000 empty objects are about 13 MB of heap and tens of
 * milliseconds of parsing.
 */
export const MAX_JSON_VALUES = 200_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const COMMA = 0x2c;

/**
 * Whether the JSON text in `bytes` holds at most `max` values. One pass: strings are skipped with
 * indexOf (a quote ends one unless an odd run of backslashes precedes it; each run is read once), the
 * rest is read byte by byte and the count stops at `max`. Malformed text is let through: JSON.parse
 * refuses it.
 */
export function jsonValuesWithin(bytes: Uint8Array, max: number = MAX_JSON_VALUES): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = buffer.length;
  let values = 0;
  let at = 0;
  while (at < length) {
    const byte = buffer[at]!;
    if (byte === QUOTE) {
      const start = at + 1;
      for (;;) {
        const quote = buffer.indexOf(QUOTE, at + 1);
        if (quote === -1) return true;
        let backslashes = 0;
        for (let before = quote - 1; before >= start && buffer[before] === BACKSLASH; before--) backslashes++;
        at = quote;
        if (backslashes % 2 === 0) break;
      }
    } else if ((byte === OPEN_OBJECT || byte === OPEN_ARRAY || byte === COMMA) && ++values > max) {
      return false;
    }
    at++;
  }
  return true;
}
