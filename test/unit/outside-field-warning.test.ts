/**
 * The warning a backend field past its bound makes (server/backend/fields.ts `onFieldPastBound`, logged by
 * server/app.ts): its kind, bound, length and what became of it, never its content, and at most one per
 * kind a minute however many such fields a backend sends.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundedText, FIELD_BOUNDS, FIELD_WARNING_INTERVAL_MS, onFieldPastBound, shortText, type FieldPastBound } from '../../server/backend/fields';
import { createParsers } from '../../server/backend/parse';

let warnings: FieldPastBound[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  warnings = [];
  onFieldPastBound((field) => warnings.push(field));
});
afterEach(() => {
  onFieldPastBound(() => {});
  vi.useRealTimers();
});

describe('a warning for a backend field past its bound', () => {
  it('names the kind, the bound and the length, for a title cut and an e-mail dropped, without their content', async () => {
    const parse = createParsers({ mediaBase: 'https://api.example.uz/' });
    await parse.rectorate([{ id: 1, name_uz: `secret ${'x'.repeat(5000)}`, email: `${'y'.repeat(300)}@example.uz` }]);
    expect(warnings).toEqual([
      { kind: 'name', bound: FIELD_BOUNDS.name, length: 5007, outcome: 'cut', alsoSince: 0 },
      { kind: 'short', bound: FIELD_BOUNDS.short, length: 311, outcome: 'dropped', alsoSince: 0 },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/secret|xxx|yyy/);
  });

  it('warns once a minute per kind, with how many it held back', () => {
    const title = 'a'.repeat(FIELD_BOUNDS.title + 1);
    for (let i = 0; i < 10_000; i++) boundedText(title, FIELD_BOUNDS.title);
    shortText('u'.repeat(FIELD_BOUNDS.imageUrl + 1), FIELD_BOUNDS.imageUrl);
    expect(warnings.map((w) => [w.kind, w.alsoSince])).toEqual([
      ['title', 0],
      ['imageUrl', 0],
    ]);
    vi.advanceTimersByTime(FIELD_WARNING_INTERVAL_MS - 1);
    boundedText(title, FIELD_BOUNDS.title);
    expect(warnings).toHaveLength(2);
    vi.advanceTimersByTime(1);
    boundedText(`${title}${title}`, FIELD_BOUNDS.title);
    expect(warnings.at(-1)).toEqual({ kind: 'title', bound: FIELD_BOUNDS.title, length: 2 * title.length, outcome: 'cut', alsoSince: 10_000 });
  });

  it('says nothing of a field within its bound, or of one that is only spaces and control characters past it', () => {
    boundedText('a'.repeat(FIELD_BOUNDS.title), FIELD_BOUNDS.title);
    boundedText(` ${'\u0000'.repeat(FIELD_BOUNDS.title)} ok `, FIELD_BOUNDS.title);
    shortText('+998 66 233-00-01');
    shortText(undefined);
    expect(warnings).toEqual([]);
  });

  it('tells every kind apart by its bound', () => {
    expect(new Set(Object.values(FIELD_BOUNDS)).size).toBe(Object.keys(FIELD_BOUNDS).length);
  });
});
