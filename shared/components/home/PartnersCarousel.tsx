import type { Partner } from '../../api';
import { useT } from '../../app-context';
import HomeSlider, { slideSlot } from '../../islands/HomeSlider';
import { PartnerLogo } from './PartnerLogo';

/** The /api/hamkorlar/ carousel: 1, 3, 2 or 7 logos in view by width, autoplay 1 s, loop. */
export function PartnersCarousel({ partners }: { partners: Partner[] }) {
  const t = useT();
  const m = t.home.slider;
  return (
    <HomeSlider
      kind="partners"
      count={partners.length}
      labels={{ label: t.home.partners.carousel, slide: m.slide, bullet: m.bullet, roleCarousel: m.roleCarousel, roleSlide: m.roleSlide }}
      slots={Object.fromEntries(partners.map((partner, index) => [slideSlot(index), <PartnerLogo key={partner.key} partner={partner} />]))}
    />
  );
}
