import { useT } from '../app-context';
import { ExternalLink } from '../components/links';
import { MockNotice } from '../components/MockNotice';
import { PageHeading } from '../components/PageHeading';
import { PLACEHOLDER, PlaceholderTable } from '../components/PlaceholderTable';
import { Seo } from '../components/Seo';
import { EXTERNAL } from '../site';

/** Lessons a day shows in the mock timetable. */
const TIMETABLE_ROWS = 4;

/** /university: the student-portal mock page, placeholders only; the real portal is external. */
export default function StudentPortalMock() {
  const t = useT();
  const text = t.studentPortal;
  return (
    <div className="container page">
      <Seo title={t.pages.university.title} description={t.pages.university.description} noindex />
      <PageHeading title={t.pages.university.title} />
      <MockNotice />
      <p>{text.intro}</p>
      <section className="prose-section" aria-labelledby="portal-profile">
        <h2 id="portal-profile">{text.profile}</h2>
        <dl className="svc-fields">
          {text.fields.map((field) => (
            <div key={field}>
              <dt>{field}</dt>
              <dd>{PLACEHOLDER}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="prose-section" aria-labelledby="portal-timetable">
        <h2 id="portal-timetable">{text.schedule}</h2>
        <PlaceholderTable columns={text.scheduleColumns} rows={TIMETABLE_ROWS} />
      </section>
      <p>
        <ExternalLink href={EXTERNAL.studentPortalLogin} className="button">
          {text.login}
        </ExternalLink>
      </p>
    </div>
  );
}
