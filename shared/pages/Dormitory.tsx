import { useLang, useT } from '../app-context';
import { Gallery, numberedImages } from '../components/Gallery';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { TextSections } from '../components/TextSections';
import { DORMITORY_IMAGE_COUNT } from '../constants';
import { DORMITORY } from '../content/dormitory';
import '../styles/services.css';

/** The student dormitory (/TTJ): static text (shared/content/dormitory.ts) and a 5-image gallery. */
export default function Dormitory() {
  const t = useT();
  const text = DORMITORY[useLang()];
  return (
    <div className="container page">
      <Seo title={t.pages.ttj.title} description={t.pages.ttj.description} />
      <PageHeading title={t.pages.ttj.title} />
      <p className="svc-lead">{text.lead}</p>
      <ul className="svc-facts">
        {text.facts.map((fact) => (
          <li key={fact.label}>
            <strong>{fact.value}</strong> {fact.label}
          </li>
        ))}
      </ul>
      <TextSections sections={text.sections} idPrefix="ttj" />
      <p className="svc-as-of">{text.asOf}</p>
      <p className="svc-signature">
        <span>{text.signature.position}</span>
        <strong>{text.signature.name}</strong>
      </p>
      <Gallery title={text.galleryHeading} items={numberedImages('/media/dormitory/ttj-', DORMITORY_IMAGE_COUNT, text.images)} />
    </div>
  );
}
