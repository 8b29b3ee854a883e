import { useT } from '../app-context';
import { Await } from '../components/Await';
import { ExternalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { CODE_OF_CONDUCT_FRAME_HEIGHT_PX } from '../constants';
import { CODE_OF_CONDUCT_PDF } from '../content/code-of-conduct-pdf';
import { noneIfNotFound, type PageLoader } from '../data';
import { usePageData } from '../page-data';
import { LOCALE, type Lang } from '../lang';
import { ABOUT_TABS } from '../nav';
import '../styles/code-of-conduct.css';

type CodeOfConductData = {
  /** Titles the backend gives the code (the call is made; the page shows the bundled PDF). */
  titles: string[];
  /** The PDF's size in the page language's number format ('38'). */
  sizeKb: string;
};

/** Whole kilobytes, at least 1, formatted on the server like every number the site shows. */
function kilobytes(bytes: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));
}

export const loader: PageLoader<CodeOfConductData> = ({ api, lang }) => ({
  // The PDF is the page's content: a backend that does not know the endpoint must not make it a 404.
  titles: api
    .codeOfConduct()
    .then((entries) => [...new Set(entries.map((e) => e.title[lang]).filter(Boolean))])
    .catch(noneIfNotFound<string[]>([])),
  sizeKb: Promise.resolve(kilobytes(CODE_OF_CONDUCT_PDF.bytes, lang)),
});

export default function CodeOfConduct() {
  const data = usePageData<CodeOfConductData>();
  const t = useT();
  const { href } = CODE_OF_CONDUCT_PDF;
  return (
    <div className="container page">
      <Seo title={t.pages.rulesEtika.title} description={t.pages.rulesEtika.description} />
      <PageHeading title={t.pages.rulesEtika.title} tabs={ABOUT_TABS}>
        <Await slot={data.titles} missing={() => null}>
          {(titles) =>
            titles.map((title) => (
              <p key={title} className="code-of-conduct__title">
                {title}
              </p>
            ))
          }
        </Await>
      </PageHeading>
      <div className="code-of-conduct__actions">
        <p className="code-of-conduct__hint">{t.codeOfConduct.hint}</p>
        <Await slot={data.sizeKb}>
          {(size) => (
            <ExternalLink href={href} className="button button--small code-of-conduct__open">
              {t.codeOfConduct.open} ({t.codeOfConduct.size(size)})
            </ExternalLink>
          )}
        </Await>
      </div>
      <iframe className="code-of-conduct__frame" src={href} title={t.codeOfConduct.frameTitle} height={CODE_OF_CONDUCT_FRAME_HEIGHT_PX} />
    </div>
  );
}
