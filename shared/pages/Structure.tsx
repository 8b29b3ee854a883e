import { useT } from '../app-context';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { SideNav, WithSideNav, type SideNavItem } from '../components/SideNav';
import { STRUCTURE_NAV_DEFAULT_ID } from '../constants';
import { ABOUT_TABS } from '../nav';
import '../styles/structure.css';
import { ShownImage } from '../components/Img';

/** The charts drawn by scripts/generate-structure.mjs, with their sizes; texts come from the dictionary. */
const CHARTS = [
  { key: 'governance', src: '/media/structure/structure-1.svg', width: 1200, height: 780 },
  { key: 'academic', src: '/media/structure/structure-2.svg', width: 1200, height: 860 },
] as const;

/**
 * The organisational structure: the side list of the 8 About pages (ids 1-8, the structure,
 * id 8, active) built from the same ABOUT_TABS the tab bars use, and the two charts.
 */
export default function Structure() {
  const t = useT();
  const items: SideNavItem[] = ABOUT_TABS.flatMap((tab, index) =>
    tab.kind === 'page' ? [{ key: index + 1, to: tab.path, label: t.nav[tab.label], active: index + 1 === STRUCTURE_NAV_DEFAULT_ID }] : [],
  );
  return (
    <div className="container page">
      <Seo title={t.pages.tashkiliytuzilmasi.title} description={t.pages.tashkiliytuzilmasi.description} />
      <WithSideNav nav={<SideNav label={t.structure.sideNav} items={items} />}>
        <PageHeading title={t.pages.tashkiliytuzilmasi.title} />
        {CHARTS.map((chart, index) => (
          // The chart scrolls sideways on a phone: focusable so the keyboard can scroll it (named by its caption).
          <figure key={chart.key} className="structure-chart" tabIndex={0}>
            <ShownImage
              className="structure-chart__image"
              src={chart.src}
              alt={t.structure.charts[chart.key].alt}
              width={chart.width}
              height={chart.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <figcaption>{t.structure.charts[chart.key].caption}</figcaption>
          </figure>
        ))}
      </WithSideNav>
    </div>
  );
}
