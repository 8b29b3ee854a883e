import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { ExternalLink, LocalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { usePageData } from '../page-data';
import { HOME_STATS } from '../constants';
import { ABOUT_TABS } from '../nav';
import { EXTERNAL } from '../site';
import { RichText } from '../components/RichText';

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

/** Beside the text: the university's figures (the home page's, one set of facts) and where to go next. */
function AboutFacts() {
  const t = useT();
  return (
    <aside className="about-aside" aria-labelledby="about-facts">
      <h2 id="about-facts">{t.home.statsHeading}</h2>
      <dl className="about-aside__facts">
        {(['teachers', 'studyAreas', 'students'] as const).map((key) => (
          <div key={key}>
            <dt>{HOME_STATS[key]}</dt>
            <dd>{t.home.stats[key]}</dd>
          </div>
        ))}
      </dl>
      <ul className="about-aside__links">
        <li>
          <LocalLink to="/department">{t.nav.faculties}</LocalLink>
        </li>
        <li>
          <LocalLink to="/rektorat">{t.nav.rectorate}</LocalLink>
        </li>
        <li>
          <LocalLink to="/napravleniya">{t.home.fields.all}</LocalLink>
        </li>
      </ul>
      <ExternalLink href={EXTERNAL.onlineAdmission} className="button button--accent">
        {t.home.applyNow}
      </ExternalLink>
    </aside>
  );
}

export default function About() {
  const data = usePageData<AboutData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.about.title} description={t.pages.about.description} />
      <PageHeading title={t.about.heading} tabs={ABOUT_TABS} />
      <div className="about-layout">
        <div>
          <Await slot={data.entries}>
            {(entries) =>
              entries.length === 0 ? (
                <EmptyState />
              ) : (
                entries.map((entry) => (
                  <section key={entry.id} className="prose-section" aria-labelledby={`about-${entry.id}`}>
                    <h2 id={`about-${entry.id}`}>{entry.title}</h2>
                    <RichText className="prose" html={entry.html} />
                  </section>
                ))
              )
            }
          </Await>
        </div>
        <AboutFacts />
      </div>
    </div>
  );
}
