import { useT } from '../app-context';
import { WORKING_HOURS } from '../constants';
import { FOOTER_SECTIONS } from '../nav';
import MapFacadeIsland from '../islands/MapFacade';
import { EXTERNAL, SITE } from '../site';
import { ExternalLink, LocalLink, NavItemLink } from './links';
import { Logo } from '../islands/ui/Logo';
import { SocialLinks } from './SocialLinks';
import { phoneText } from '../format';

/**
 * The footer (docs/behaviour.md): five link sections, contacts, working hours, social links, app badges
 * (without links) and the map, which loads only when asked for so that no third-party
 * frame slows the page or tracks a visitor who did not want it.
 */
export function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo size={48} />
          <p className="site-footer__name">{t.site.name}</p>
          <SocialLinks />
        </div>
        {FOOTER_SECTIONS.map((section) => (
          <section key={section.id} className="site-footer__section" aria-labelledby={`footer-${section.id}`}>
            <h2 id={`footer-${section.id}`}>{t.nav[section.label]}</h2>
            <ul>
              {section.items.map((item) =>
                item.kind === 'group' ? null : (
                  <li key={item.label}>
                    <NavItemLink item={item} />
                  </li>
                ),
              )}
              {section.id === 'applicant' ? <li className="site-footer__unlinked">{t.nav.correspondence}</li> : null}
            </ul>
          </section>
        ))}
        <section className="site-footer__section site-footer__contacts" aria-labelledby="footer-contacts">
          <h2 id="footer-contacts">{t.footer.contacts}</h2>
          <address>
            <p>
              {t.footer.address}: {t.site.address}
            </p>
            <p>
              {t.footer.phone}: <a href={SITE.phoneHref}>{phoneText(SITE.phone)}</a>
            </p>
            <p>
              {t.footer.email}: <a href={EXTERNAL.mail}>{SITE.email}</a>
            </p>
          </address>
          <h3>{t.footer.workingHours}</h3>
          <p>
            {t.footer.workingDays}: {WORKING_HOURS.from}–{WORKING_HOURS.to}
            <br />
            {t.footer.sunday}
          </p>
          <h3>{t.footer.apps}</h3>
          <p className="site-footer__badges">
            <span className="badge" aria-disabled="true">
              {t.footer.appStore} <small>({t.footer.comingSoon})</small>
            </span>
            <span className="badge" aria-disabled="true">
              {t.footer.googlePlay} <small>({t.footer.comingSoon})</small>
            </span>
          </p>
        </section>
        <MapEmbed />
      </div>
      <p className="site-footer__copyright container">
        © {new Date().getFullYear()} {t.site.name}. {t.footer.rights}{' '}
        <LocalLink to="/accessibility-statement">{t.pages['accessibility-statement'].title}</LocalLink>
      </p>
    </footer>
  );
}

function MapEmbed() {
  const t = useT();
  return (
    <section className="site-footer__map" aria-labelledby="footer-map">
      <h2 id="footer-map">{t.footer.map}</h2>
      <MapFacadeIsland
        src={EXTERNAL.map}
        words={{ show: t.footer.showMap, title: t.footer.mapTitle }}
        slots={{ link: <ExternalLink href={EXTERNAL.mapLink}>{t.footer.openMap}</ExternalLink> }}
      />
    </section>
  );
}
