/**
 * JSON that can sit inside a <script> element (JSON-LD, data the server sends): no string from the
 * backend can close the element ('</script>' becomes '\u003c/script>') or end a line of script.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
