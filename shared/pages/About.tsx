import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { usePageData } from '../hooks';
import { ABOUT_TABS } from '../nav';

interface AboutEntryView {
  id: number;
  title: string;
  /** Sanitised on the server. */
  html: string;
}

type AboutData = { entries: AboutEntryView[] };

export const loader: PageLoader<AboutData> = ({ api, lang }) => ({
  entries: api.about().then((entries) => entries.map((e) => ({ id: e.id, title: e.title[lang], html: e.desc[lang] }))),
});

export default function About() {
  const data = usePageData<AboutData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.about.title} description={t.pages.about.description} />
      <PageHeading title={t.about.heading} tabs={ABOUT_TABS} />
      <Await slot={data.entries}>
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState />
          ) : (
            entries.map((entry) => (
              <section key={entry.id} className="prose-section" aria-labelledby={`about-${entry.id}`}>
                <h2 id={`about-${entry.id}`}>{entry.title}</h2>
                <div className="prose" dangerouslySetInnerHTML={{ __html: entry.html }} />
              </section>
            ))
          )
        }
      </Await>
    </div>
  );
}
