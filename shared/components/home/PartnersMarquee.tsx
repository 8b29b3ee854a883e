import type { Partner } from '../../api';
import { useT } from '../../app-context';
import { PartnerLogo } from './PartnerLogo';

/**
 * The looping partners marquee: pure CSS (the list twice, the track moving by half its width), so it
 * costs no JavaScript; it pauses on hover and stands still for prefers-reduced-motion. Its logos are
 * not links (the carousel below links each partner once, so keyboard users meet no moving targets).
 * The second copy exists only for the seamless loop and is hidden from assistive technology.
 */
export function PartnersMarquee({ partners }: { partners: Partner[] }) {
  const t = useT();
  return (
    <div className="marquee">
      <ul className="marquee__track" aria-label={t.home.partners.marquee}>
        {partners.map((partner) => (
          <li key={partner.key}>
            <PartnerLogo partner={partner} linked={false} />
          </li>
        ))}
        {partners.map((partner) => (
          <li key={`copy-${partner.key}`} aria-hidden="true">
            <PartnerLogo partner={partner} linked={false} hidden />
          </li>
        ))}
      </ul>
    </div>
  );
}
