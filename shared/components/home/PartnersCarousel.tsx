import type { Partner } from '../../api';
import { useT } from '../../app-context';
import { PARTNERS_AUTOPLAY_MS, PARTNERS_SLIDER } from '../../constants';
import { PartnerLogo } from './PartnerLogo';
import { Slider } from './Slider';

/** The /api/hamkorlar/ carousel: 1, 3, 2 or 7 logos in view by width, autoplay 1 s, loop. */
export function PartnersCarousel({ partners }: { partners: Partner[] }) {
  const t = useT();
  const m = t.home.slider;
  return (
    <Slider
      className="slider--partners"
      items={partners}
      config={PARTNERS_SLIDER}
      autoplayMs={PARTNERS_AUTOPLAY_MS}
      labels={{ ...m, label: t.home.partners.carousel }}
      itemKey={(partner) => partner.key}
      renderSlide={({ item, copy }) => <PartnerLogo partner={item} hidden={copy} />}
    />
  );
}
