import { useT } from '../../app-context';
import { EXTERNAL } from '../../site';
import { ExternalLink } from '../links';
import { Section } from './Section';

/** The resources block: student portal, e-library and the scientific journal. */
export function Resources() {
  const t = useT();
  const resources = [
    { href: EXTERNAL.studentPortalLogin, name: t.nav.studentPortal, text: t.home.resources.studentPortal },
    { href: EXTERNAL.eLibrary, name: t.nav.eLibrary, text: t.home.resources.eLibrary },
    { href: EXTERNAL.eJournal, name: t.nav.eJournal, text: t.home.resources.eJournal },
  ];
  return (
    <Section id="home-resources" title={t.home.resourcesHeading}>
      <ul className="resources__list">
        {resources.map((resource) => (
          <li key={resource.href}>
            <ExternalLink href={resource.href}>
              <strong>{resource.name}</strong>
              <span>{resource.text}</span>
            </ExternalLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
