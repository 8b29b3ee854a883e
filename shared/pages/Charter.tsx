import { useT } from '../app-context';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { CHARTER_PAGE_COUNT } from '../constants';
import { ABOUT_TABS } from '../nav';
import '../styles/charter.css';
import { ShownImage } from '../components/Img';

/** A4 at 96 dpi, as scripts/generate-charter.mjs draws the pages. */
const PAGE_SIZE = { width: 794, height: 1123 } as const;

const pageSrc = (page: number) => `/media/charter/page-${String(page).padStart(2, '0')}.svg`;

/** The charter as its ten page images; only the first is loaded at once. */
export default function Charter() {
  const t = useT();
  const pages = Array.from({ length: CHARTER_PAGE_COUNT }, (_, index) => index + 1);
  return (
    <div className="container page">
      <Seo title={t.pages.regulation.title} description={t.pages.regulation.description} />
      <PageHeading title={t.pages.regulation.title} tabs={ABOUT_TABS}>
        <p className="charter__intro">{t.charter.intro(CHARTER_PAGE_COUNT)}</p>
      </PageHeading>
      <ol className="charter-pages">
        {pages.map((page) => (
          <li key={page}>
            <ShownImage
              className="charter-pages__image"
              src={pageSrc(page)}
              alt={t.charter.pageAlt(page)}
              width={PAGE_SIZE.width}
              height={PAGE_SIZE.height}
              loading={page === 1 ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={page === 1 ? 'high' : 'auto'}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
