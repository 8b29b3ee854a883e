import { useLang, useT } from '../app-context';
import { Gallery, numberedImages } from '../components/Gallery';
import { ExternalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { PLACEHOLDER } from '../components/PlaceholderTable';
import { Seo } from '../components/Seo';
import { TextSections } from '../components/TextSections';
import { CLUB_IMAGE_COUNT } from '../constants';
import { PSYCHOLOGISTS_CLUB } from '../content/psychologists-club';
import { EXTERNAL } from '../site';
import '../styles/services.css';
import { ShownImage } from '../components/Img';

const PSYCHOLOGIST_PHOTO = '/media/club/psychologist.svg';

/** The young psychologists club (/YPK): the club, its psychologist, anonymous help, gallery, contacts. */
export default function PsychologistsClub() {
  const t = useT();
  const text = PSYCHOLOGISTS_CLUB[useLang()];
  return (
    <div className="container page">
      <Seo title={t.pages.ypk.title} description={t.pages.ypk.description} />
      <PageHeading title={t.pages.ypk.title} />
      <p className="svc-lead">{text.lead}</p>
      <TextSections sections={[text.about]} idPrefix="ypk-about" />
      <section className="prose-section" aria-labelledby="ypk-psychologist">
        <h2 id="ypk-psychologist">{text.psychologist.heading}</h2>
        <div className="svc-profile">
          <ShownImage src={PSYCHOLOGIST_PHOTO} alt={text.psychologist.name} width={200} height={250} loading="lazy" decoding="async" />
          <div>
            <h3 className="svc-profile__name">{text.psychologist.name}</h3>
            <p className="svc-profile__role">{text.psychologist.position}</p>
            <p>{text.psychologist.bio}</p>
          </div>
        </div>
      </section>
      <section className="prose-section svc-callout" aria-labelledby="ypk-help">
        <h2 id="ypk-help">{text.help.heading}</h2>
        <p>{text.help.text}</p>
        <ExternalLink href={EXTERNAL.psychologyBot} className="button">
          {text.help.link}
        </ExternalLink>
      </section>
      <TextSections sections={[text.activities]} idPrefix="ypk-activities" />
      <Gallery title={text.galleryHeading} items={numberedImages('/media/club/ypk-', CLUB_IMAGE_COUNT, text.images)} />
      <section className="prose-section" aria-labelledby="ypk-contacts">
        <h2 id="ypk-contacts">{text.contacts.heading}</h2>
        <dl className="svc-contacts">
          {/* The club has not published a phone or an e-mail yet: dashes as placeholders. */}
          <dt>{t.common.phone}</dt>
          <dd>{PLACEHOLDER}</dd>
          <dt>{t.common.email}</dt>
          <dd>{PLACEHOLDER}</dd>
          <dt>{text.contacts.placeLabel}</dt>
          <dd>{text.contacts.place}</dd>
        </dl>
      </section>
    </div>
  );
}
