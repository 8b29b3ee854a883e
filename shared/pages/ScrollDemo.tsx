import { useT } from '../app-context';
import { MockNotice } from '../components/MockNotice';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import ScrollRevealIsland from '../islands/ScrollReveal';
import '../styles/services.css';

/**
 * /sdf: the scroll-demo mock page. The server (and a visitor without JavaScript or with reduced
 * motion) shows every section; the ScrollReveal island hides those still below the fold and reveals
 * them one by one as they scroll into view.
 */
export default function ScrollDemo() {
  const t = useT();
  const sections = t.scrollDemo.sections;
  return (
    <div className="container page">
      <Seo title={t.pages.sdf.title} description={t.pages.sdf.description} noindex />
      <PageHeading title={t.pages.sdf.title} />
      <MockNotice />
      <p className="svc-lead">{t.scrollDemo.intro}</p>
      <ScrollRevealIsland
        count={sections.length}
        slots={Object.fromEntries(
          sections.map((section, index) => [
            `section-${index}`,
            <>
              <span className="svc-scroll__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h2>{section.title}</h2>
              <p>{section.text}</p>
            </>,
          ]),
        )}
      />
    </div>
  );
}
