/**
 * What the soak test's hostile parties send, and how a page that let it through is recognised: each
 * marker is markup that only appears in a page's HTML when nothing sanitised or escaped it (escaped,
 * `<` becomes `&lt;` in HTML and `\u003c` in the boot JSON; sanitised, the element or attribute is gone).
 */

/** A title that tries to close the boot script (`</script>`) and open one of its own. */
export const HOSTILE_TITLE = 'Soak </script><script>soakXss(1)</script>';

/** Rich text with a script, a javascript: link, an event handler and a redirect. */
export const HOSTILE_HTML =
  '<p>hostile</p><script>soakXss(2)</script><a href="javascript:soakXss(3)">link</a>' +
  '<img src="x" onerror="soakXss(4)"><meta http-equiv="refresh" content="0;url=https://evil.example/soak">';

/** Name and literal text of each marker (searched as plain text, by JavaScript and by wrk's Lua). */
export const MARKERS = [
  ['script', '<script>soakXss'],
  ['javascript-url', 'href="javascript:soakXss'],
  ['event-handler', 'onerror="soakXss'],
  ['meta-refresh', 'http-equiv="refresh"'],
];

/** Text that names a tampered Redis entry's page, beside its markup. */
export const TAMPERED_TEXT = 'soak-tampered';

/**
 * What a neighbour with write access to Redis writes from a replica's stored news entry (`key`, `text`:
 * its signed header lines, then its JSON), each under a new id, ready to SET:
 * - 'body': the entry with markup and TAMPERED_TEXT in its text fields and storedAt `now`: plausible,
 *   current and of the size a news item has, so that only the MAC over its body can refuse it;
 * - 'copied': the entry unchanged, whose MAC is only good for the key it was signed under.
 */
export function tamperedEntries({ key, text }, [bodyId, copiedId], now) {
  const at = text.indexOf('{');
  const header = text.slice(0, at);
  const entry = JSON.parse(text.slice(at));
  const keyOf = (id) => key.replace(/\/\d+\/$/, `/${id}/`);
  const body = { ...entry, storedAt: now, value: { ...entry.value, id: bodyId } };
  for (const field of ['title', 'desc', 'text']) {
    const localized = body.value[field];
    if (localized && typeof localized === 'object') {
      body.value[field] = Object.fromEntries(Object.entries(localized).map(([lang, value]) => [lang, `${TAMPERED_TEXT} ${HOSTILE_HTML} ${value}`]));
    }
  }
  return [
    { kind: 'body', id: bodyId, key: keyOf(bodyId), text: header + JSON.stringify(body) },
    { kind: 'copied', id: copiedId, key: keyOf(copiedId), text },
  ];
}

/** The names of the markers found in `html`. */
export function markersIn(html) {
  return MARKERS.filter(([, text]) => html.includes(text)).map(([name]) => name);
}

/**
 * A 7000x7000 SVG of rects under feTurbulence with numOctaves=1000 and a large blur: minutes of one
 * core for a renderer that does not stop it.
 */
export function pathologicalSvg() {
  const rects = Array.from(
    { length: 2000 },
    (_, i) => `<rect x="${(i * 37) % 7000}" y="${(i * 91) % 7000}" width="300" height="300" fill="#${(i * 4099).toString(16).slice(-6).padStart(6, '0')}"/>`,
  );
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000" viewBox="0 0 7000 7000">' +
      '<defs><filter id="f" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1000"/>' +
      '<feGaussianBlur stdDeviation="400"/></filter></defs>' +
      `<g filter="url(#f)">${rects.join('')}</g></svg>`,
  );
}
