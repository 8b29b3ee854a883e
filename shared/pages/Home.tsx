import { useLoaderData } from 'react-router';
import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { ExternalLink, LocalLink } from '../components/links';
import { NewsGrid, type NewsCardData } from '../components/NewsCard';
import { Seo } from '../components/Seo';
import { HOME_LATEST_NEWS_COUNT, HOME_STATS } from '../constants';
import type { PageData, PageLoader } from '../data';
import { toNewsCard } from '../news';
import { EXTERNAL, SITE } from '../site';

type HomeData = { latest: NewsCardData[] };

export const loader: PageLoader<HomeData> = ({ api, lang }) => ({
  latest: api.newsPage(1).then((page) => page.items.slice(0, HOME_LATEST_NEWS_COUNT).map((n) => toNewsCard(n, lang))),
});

export default function Home() {
  const data = useLoaderData() as PageData<HomeData>;
  const t = useT();
  return (
    <div className="home">
      <Seo title={t.pages.home.title} description={t.pages.home.description} />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1>{t.site.name}</h1>
            <p className="hero__lead">{t.home.heroTitle}</p>
            <p>{t.home.heroText}</p>
            <p className="hero__actions">
              <ExternalLink href={EXTERNAL.onlineAdmission} className="button button--accent">
                {t.home.applyNow}
              </ExternalLink>
              <a href={SITE.phoneHref} className="button button--ghost">
                {t.home.callUs}: {SITE.phone}
              </a>
            </p>
          </div>
          <img className="hero__image" src="/media/hero/hero-1.svg" alt="" width={1600} height={900} fetchPriority="high" />
        </div>
      </section>

      <section className="stats container" aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="visually-hidden">
          {t.home.statsHeading}
        </h2>
        <ul className="stats__list">
          <li>
            <strong>{HOME_STATS.teachers}</strong> {t.home.stats.teachers}
          </li>
          <li>
            <strong>{HOME_STATS.studyAreas}</strong> {t.home.stats.studyAreas}
          </li>
          <li>
            <strong>{HOME_STATS.students}</strong> {t.home.stats.students}
          </li>
        </ul>
      </section>

      <section className="container home-news" aria-labelledby="home-news">
        <h2 id="home-news">{t.home.newsHeading}</h2>
        <Await slot={data.latest}>{(latest) => (latest.length ? <NewsGrid items={latest} /> : <EmptyState />)}</Await>
        <p>
          <LocalLink to="/newsAll" className="button button--ghost">
            {t.home.allNews}
          </LocalLink>
        </p>
      </section>

      <section className="container resources" aria-labelledby="home-resources">
        <h2 id="home-resources">{t.home.resourcesHeading}</h2>
        <ul className="resources__list">
          <li>
            <ExternalLink href={EXTERNAL.studentPortalLogin}>{t.nav.studentPortal}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={EXTERNAL.eLibrary}>{t.nav.eLibrary}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={EXTERNAL.eJournal}>{t.nav.eJournal}</ExternalLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
