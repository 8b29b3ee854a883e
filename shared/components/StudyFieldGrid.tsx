/**
 * The 19 fields of study, with icons, codes and names per language, as /napravleniya and the
 * home page show them. Loaders build the cards with `toStudyFieldCard`; the grid only renders them.
 */
import type { StudyField } from '../api';
import type { Lang } from '../lang';
import { useT } from '../app-context';
import '../styles/study-fields.css';

export interface StudyFieldCard {
  id: number;
  code: string;
  name: string;
  icon: string | null;
}

export function toStudyFieldCard(field: StudyField, lang: Lang): StudyFieldCard {
  return { id: field.id, code: field.code, name: field.name[lang], icon: field.icon };
}

const ICON_SIZE = 64;

/** `eager` icons (those at the top of the page) load at once; the rest lazily. */
export function StudyFieldGrid({ fields, headingLevel = 2, eager = 0 }: { fields: StudyFieldCard[]; headingLevel?: 2 | 3; eager?: number }) {
  const t = useT();
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="field-grid">
      {fields.map((field, index) => (
        <li key={field.id} className="field-card">
          {field.icon ? (
            // Decorative: the name beside it says what the field is.
            <img
              className="field-card__icon"
              src={field.icon}
              alt=""
              width={ICON_SIZE}
              height={ICON_SIZE}
              loading={index < eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
          <Heading className="field-card__name">{field.name}</Heading>
          <p className="field-card__code">
            <span className="visually-hidden">{t.studyFields.code}: </span>
            {field.code}
          </p>
        </li>
      ))}
    </ul>
  );
}
