import { useT } from '../../app-context';
import { EXTERNAL } from '../../site';
import { ExternalLink } from '../links';

/** The online admission call to action. */
export function AdmissionCta() {
  const t = useT();
  return (
    <section className="admission-cta" aria-labelledby="admission-cta-title">
      <div className="container admission-cta__inner">
        <div>
          <h2 id="admission-cta-title">{t.home.admission.heading}</h2>
          <p>{t.home.admission.text}</p>
        </div>
        <ExternalLink href={EXTERNAL.onlineAdmission} className="button button--accent">
          {t.home.applyNow}
        </ExternalLink>
      </div>
    </section>
  );
}
