/**
 * The programme pages (/kunduzgi, /sirtqi, /magistratura) share everything but their data source and
 * title: the table of code, name and tuition, the rows singled out by an admission rule, the study
 * length where it is known, and the rules as text.
 */
import type { ProgrammeKind } from '../api';
import { useT } from '../app-context';
import { fill } from '../format';
import { usePageData } from '../page-data';
import type { Dict } from '../i18n';
import { PROGRAMME_TABS } from '../nav';
import { PEDAGOGICAL_EXPERIENCE_YEARS, PROGRAMME_KINDS, type ProgrammeRow, type ProgrammesData } from '../programmes';
import { Await, EmptyState } from './Await';
import { PageHeading } from './PageHeading';
import { Seo } from './Seo';
import '../styles/programmes.css';

const PAGE_KEY = { fulltime: 'kunduzgi', correspondence: 'sirtqi', master: 'magistratura' } as const satisfies Record<ProgrammeKind, keyof Dict['pages']>;

export function ProgrammePage({ kind }: { kind: ProgrammeKind }) {
  const data = usePageData<ProgrammesData>();
  const t = useT();
  const page = t.pages[PAGE_KEY[kind]];
  const { rules, years } = PROGRAMME_KINDS[kind];
  const values = { years: PEDAGOGICAL_EXPERIENCE_YEARS };
  return (
    <div className="container page">
      <Seo title={page.title} description={page.description} />
      <PageHeading title={page.title} tabs={PROGRAMME_TABS}>
        {years !== null ? <p className="programme-facts">{fill(t.programmes.studyLength, { years })}</p> : null}
      </PageHeading>
      <Await slot={data.programmes}>{(rows) => (rows.length === 0 ? <EmptyState /> : <ProgrammeTable rows={rows} withNotes={rules.length > 0} />)}</Await>
      {rules.length > 0 ? (
        <section className="programme-rules" aria-labelledby="programme-rules">
          <h2 id="programme-rules">{t.programmes.rulesHeading}</h2>
          <ul>
            {rules.map((rule) => (
              <li key={rule} data-rule={rule}>
                {fill(t.programmes.rules[rule], values)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ProgrammeTable({ rows, withNotes }: { rows: ProgrammeRow[]; withNotes: boolean }) {
  const t = useT();
  const values = { years: PEDAGOGICAL_EXPERIENCE_YEARS };
  return (
    // A focusable scroll box, so keyboard users can scroll a table wider than a phone.
    <div className="table-scroll" role="region" aria-labelledby="programme-caption" tabIndex={0}>
      <table className="programme-table">
        <caption id="programme-caption">{t.programmes.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.programmes.code}</th>
            <th scope="col">{t.programmes.name}</th>
            <th scope="col">{t.programmes.price}</th>
            {withNotes ? <th scope="col">{t.programmes.notes}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.id}-${index}`} data-code={row.code} data-marks={row.marks.join(' ') || undefined}>
              <td className="programme-table__code">{row.code}</td>
              <th scope="row">{row.name}</th>
              <td className="programme-table__price">
                {row.price ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t.programmes.noPrice}</span>
                  </>
                )}
              </td>
              {withNotes ? (
                <td>
                  {row.marks.length > 0 ? (
                    <ul className="programme-marks">
                      {row.marks.map((mark) => (
                        <li key={mark} className={`programme-mark programme-mark--${mark}`}>
                          {fill(t.programmes.marks[mark], values)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
