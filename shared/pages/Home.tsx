import type { HomeImage, Partner } from '../api';
import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { AdmissionCta } from '../components/home/AdmissionCta';
import { AdmissionForm } from '../components/home/AdmissionForm';
import { Hero, HERO_ID } from '../components/home/Hero';
import { ImageSlider } from '../components/home/ImageSlider';
import { PartnersCarousel } from '../components/home/PartnersCarousel';
import { PartnersMarquee } from '../components/home/PartnersMarquee';
import { Plans } from '../components/home/Plans';
import { Resources } from '../components/home/Resources';
import { Section } from '../components/home/Section';
import { SidePanels } from '../components/home/SidePanels';
import { Stats } from '../components/home/Stats';
import { StudentLife, type StudentLifeView } from '../components/home/StudentLife';
import { LocalLink } from '../components/links';
import { NewsGrid, type NewsCardData } from '../components/NewsCard';
import { Seo } from '../components/Seo';
import { StudyFieldGrid, toStudyFieldCard, type StudyFieldCard } from '../components/StudyFieldGrid';
import { HOME_LATEST_NEWS_COUNT } from '../constants';
import { DataError, type PageLoader } from '../data';
import ActionButton from '../islands/ActionButton';
import HeroLoader from '../islands/HeroLoader';
import VideoFacade from '../islands/VideoFacade';
import { usePageData } from '../page-data';
import { toNewsCard } from '../news';
import { EXTERNAL } from '../site';
import '../styles/home.css';

type HomeData = {
  latest: NewsCardData[];
  fields: StudyFieldCard[];
  slides: HomeImage[];
  studentLife: StudentLifeView | null;
  partners: Partner[];
};

/** A list endpoint that answers 404 has nothing to show; on the home page that is not a missing page. */
function orEmpty<T>(list: Promise<T[]>): Promise<T[]> {
  return list.catch((error: unknown) => {
    if (error instanceof DataError && error.kind === 'not-found') return [];
    throw error;
  });
}

/** One key per backend call, so a failing call costs only its own section. */
export const loader: PageLoader<HomeData> = ({ api, lang }) => ({
  latest: api.newsPage(1).then((page) => page.items.slice(0, HOME_LATEST_NEWS_COUNT).map((n) => toNewsCard(n, lang))),
  fields: api.studyFields().then((fields) => fields.map((field) => toStudyFieldCard(field, lang))),
  slides: orEmpty(api.homeContent()),
  studentLife: api
    .studentLife()
    .then((life) => life && { link: life.link, images: life.images.map((i) => ({ key: i.key, image: i.image, title: i.title[lang] })) }),
  partners: orEmpty(api.partners()),
});

export default function Home() {
  const data = usePageData<HomeData>();
  const t = useT();
  const noImages = () => <p className="notice">{t.home.slider.empty}</p>;
  return (
    <div className="home">
      <Seo title={t.pages.home.title} description={t.pages.home.description} />
      <SidePanels />
      <Hero />
      <HeroLoader heroId={HERO_ID} label={t.common.loading} />
      <Stats />
      <Section
        id="home-news"
        title={t.home.newsHeading}
        more={
          <LocalLink to="/newsAll" className="button button--ghost">
            {t.home.allNews}
          </LocalLink>
        }
      >
        <Await slot={data.latest}>{(latest) => (latest.length ? <NewsGrid items={latest} place="homeNewsCard" /> : <EmptyState />)}</Await>
      </Section>
      <AdmissionCta />
      <Section id="home-video" className="home-section--column" title={t.home.video.heading} lead={t.home.video.note}>
        <VideoFacade
          embedSrc={EXTERNAL.homeVideoEmbed}
          watchHref={EXTERNAL.homeVideoWatch}
          frameTitle={t.home.video.frameTitle}
          playLabel={t.home.video.play}
        />
      </Section>
      <Plans />
      <Section id="home-fields" title={t.home.fields.heading} more={<LocalLink to="/napravleniya">{t.home.fields.all}</LocalLink>}>
        <Await slot={data.fields}>
          {(fields) => (
            <div data-orange-list="second">
              <StudyFieldGrid fields={fields} headingLevel={3} />
            </div>
          )}
        </Await>
      </Section>
      <Section id="home-slider" title={t.home.slider.heading}>
        <Await slot={data.slides} missing={noImages}>
          {(slides) => <ImageSlider slides={slides} />}
        </Await>
      </Section>
      <Section id="home-life" title={t.home.studentLife.heading}>
        <Await slot={data.studentLife}>{(life) => <StudentLife life={life} />}</Await>
      </Section>
      <Resources />
      <Section id="home-partners" title={t.home.partners.heading}>
        <Await slot={data.partners}>
          {(partners) =>
            partners.length ? (
              <>
                <PartnersMarquee partners={partners} />
                <PartnersCarousel partners={partners} />
              </>
            ) : (
              <EmptyState />
            )
          }
        </Await>
      </Section>
      <Section id="admission" className="home-section--column" title={t.home.form.heading} lead={t.home.form.intro}>
        <Await slot={data.fields} missing={() => <AdmissionForm programmes={[]} />}>
          {(fields) => <AdmissionForm programmes={fields} />}
        </Await>
      </Section>
      <ActionButton label={t.home.actionButton} href="#admission" heroId={HERO_ID} />
    </div>
  );
}
