/** Types of hostile.mjs for the test of the tampered entries (test/unit/soak-goals.test.ts). */
export const TAMPERED_TEXT: string;
export const HOSTILE_HTML: string;
export function tamperedEntries(
  stored: { key: string; text: string },
  ids: [bodyId: number, copiedId: number],
  now: number,
): Array<{ kind: 'body' | 'copied'; id: number; key: string; text: string }>;
