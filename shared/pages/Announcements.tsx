import { useLang, useT } from '../app-context';
import { ExternalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { CONFERENCE_BANNER, CONFERENCE_TEXT } from '../content/announcements';
import { EXTERNAL } from '../site';
import '../styles/announcements.css';
import { ShownImage } from '../components/Img';

/** One conference banner linking to the conference site, with its words as alt text and caption. */
export default function Announcements() {
  const t = useT();
  const lang = useLang();
  const conference = CONFERENCE_TEXT[lang];
  return (
    <div className="container page">
      <Seo title={t.pages.elonlar.title} description={t.pages.elonlar.description} />
      <PageHeading title={t.pages.elonlar.title}>
        <p>{t.announcements.lead}</p>
      </PageHeading>
      <figure className="conference">
        <ExternalLink href={EXTERNAL.conference} className="conference__banner">
          <ShownImage src={CONFERENCE_BANNER.src} alt={conference.alt} width={CONFERENCE_BANNER.width} height={CONFERENCE_BANNER.height} fetchPriority="high" />
        </ExternalLink>
        <figcaption className="conference__caption">
          <p className="conference__kind">{conference.kind}</p>
          <h2 id="conference-title">{conference.title}</h2>
          <dl className="conference__facts">
            <div>
              <dt>{t.announcements.date}</dt>
              <dd>
                <time dateTime={CONFERENCE_BANNER.date}>{conference.date}</time>
              </dd>
            </div>
            <div>
              <dt>{t.announcements.place}</dt>
              <dd>
                {conference.place}, {conference.host}
              </dd>
            </div>
          </dl>
          <ExternalLink href={EXTERNAL.conference} className="button">
            {t.announcements.visitSite}
          </ExternalLink>
        </figcaption>
      </figure>
    </div>
  );
}
