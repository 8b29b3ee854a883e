import { useT } from '../app-context';
import { ExternalLink, LocalLink } from '../components/links';
import { MockNotice } from '../components/MockNotice';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { EXTERNAL } from '../site';
import '../styles/services.css';

/** The pictures are decorative: each button's text says where it leads. */
function ButtonFace({ image, title, text }: { image: string; title: string; text: string }) {
  return (
    <>
      <img src={image} alt="" width={1200} height={800} />
      <span className="svc-entry__title">{title}</span>
      <span className="svc-entry__text">{text}</span>
    </>
  );
}

/** /entry: the entrance mock page with two image buttons — full-time study and online admission. */
export default function EntranceMock() {
  const t = useT();
  const text = t.entrance;
  return (
    <div className="container page">
      <Seo title={t.pages.entry.title} description={t.pages.entry.description} noindex />
      <PageHeading title={t.pages.entry.title} />
      <MockNotice />
      <p>{text.intro}</p>
      <div className="svc-entry">
        <LocalLink to="/kunduzgi" className="svc-entry__button">
          <ButtonFace image="/media/entry/kunduzgi.svg" title={text.fullTime} text={text.fullTimeText} />
        </LocalLink>
        <ExternalLink href={EXTERNAL.onlineAdmission} className="svc-entry__button">
          <ButtonFace image="/media/entry/online.svg" title={text.online} text={text.onlineText} />
        </ExternalLink>
      </div>
    </div>
  );
}
