import { useT } from '../../app-context';
import { EXTERNAL, SITE } from '../../site';
import { ExternalLink } from '../links';
import { SocialLinks } from '../SocialLinks';
import { phoneText } from '../../format';
import { ShownImage } from '../Img';

/** The hero's id: the loading screen and the action button find it by it. */
export const HERO_ID = 'hero';

/**
 * The hero: the page's <h1>, the admission call to action, the phone and social links, and the two
 * hero images the loading screen waits for. The images are SVG with their size in the markup; the
 * first is the largest thing on first view, so it is fetched first.
 */
export function Hero() {
  const t = useT();
  return (
    <section id={HERO_ID} className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1 id="hero-title">{t.site.name}</h1>
          <p className="hero__lead">{t.home.heroTitle}</p>
          <p>{t.home.heroText}</p>
          <p className="hero__actions">
            <ExternalLink href={EXTERNAL.onlineAdmission} className="button button--accent">
              {t.home.applyNow}
            </ExternalLink>
            <a href={SITE.phoneHref} className="button button--ghost">
              {t.home.callUs}: {phoneText(SITE.phone)}
            </a>
          </p>
          <SocialLinks />
        </div>
        <div className="hero__media">
          <ShownImage
            className="hero__image hero__image--main"
            src="/media/hero/hero-1.svg"
            alt={t.home.heroImages[0]}
            width={1600}
            height={900}
            fetchPriority="high"
          />
          <ShownImage
            className="hero__image hero__image--second"
            src="/media/hero/hero-2.svg"
            alt={t.home.heroImages[1]}
            width={1600}
            height={900}
            decoding="async"
          />
        </div>
      </div>
    </section>
  );
}
