import { useT } from '../app-context';
import { LocalLink } from '../components/links';
import { MockNotice } from '../components/MockNotice';
import { PageHeading } from '../components/PageHeading';
import { PlaceholderTable } from '../components/PlaceholderTable';
import { Seo } from '../components/Seo';

/** Placeholder rows of the mock table: a few, enough to show its shape. */
const PLACEHOLDER_ROWS = 6;

/** /study: the static master's table with placeholder rows; the real list is /magistratura. */
export default function MasterTableMock() {
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.study.title} description={t.pages.study.description} noindex />
      <PageHeading title={t.pages.study.title} />
      <MockNotice />
      <p>{t.masterTable.intro}</p>
      <PlaceholderTable caption={t.masterTable.caption} columns={t.masterTable.columns} rows={PLACEHOLDER_ROWS} />
      <p>
        {t.masterTable.actual} <LocalLink to="/magistratura">{t.nav.masterProgrammes}</LocalLink>
      </p>
    </div>
  );
}
