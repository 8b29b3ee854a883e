import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { usePageData } from '../page-data';
import { ABOUT_TABS } from '../nav';
import { RichText } from '../components/RichText';

interface RulesView {
  id: number;
  /** Sanitised on the server. */
  html: string;
}

type RulesData = { entries: RulesView[] };

export const loader: PageLoader<RulesData> = ({ api, lang }) => ({
  entries: api.labourCode().then((entries) => entries.map((e) => ({ id: e.id, html: e.html[lang] })).filter((e) => e.html)),
});

export default function Rules() {
  const data = usePageData<RulesData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.rules.title} description={t.pages.rules.description} />
      <PageHeading title={t.pages.rules.title} tabs={ABOUT_TABS} />
      <Await slot={data.entries}>
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState />
          ) : (
            entries.map((entry, index) => (
              <section key={`${entry.id}-${index}`} className="prose-section">
                <RichText className="prose" html={entry.html} />
              </section>
            ))
          )
        }
      </Await>
    </div>
  );
}
