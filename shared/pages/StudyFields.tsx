import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { StudyFieldGrid, toStudyFieldCard, type StudyFieldCard } from '../components/StudyFieldGrid';
import type { PageLoader } from '../data';
import { fill } from '../format';
import { usePageData } from '../page-data';

type StudyFieldsData = { fields: StudyFieldCard[] };

export const loader: PageLoader<StudyFieldsData> = ({ api, lang }) => ({
  fields: api.studyFields().then((fields) => fields.map((field) => toStudyFieldCard(field, lang))),
});

/** How many icons sit above the fold on a wide screen. */
const EAGER_ICONS = 8;

export default function StudyFields() {
  const data = usePageData<StudyFieldsData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.napravleniya.title} description={t.pages.napravleniya.description} />
      <PageHeading title={t.pages.napravleniya.title} />
      <Await slot={data.fields}>
        {(fields) =>
          fields.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <p>{fill(t.studyFields.lead, { count: fields.length })}</p>
              <StudyFieldGrid fields={fields} eager={EAGER_ICONS} />
            </>
          )
        }
      </Await>
    </div>
  );
}
