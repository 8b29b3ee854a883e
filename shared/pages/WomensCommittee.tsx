import { useT } from '../app-context';
import { ExternalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import DocumentViewerIsland from '../islands/DocumentViewer';
import { pick } from '../islands/pick';
import '../styles/womens-committee.css';

/** The bundled document (scripts/generate-docx.mjs), served from the site's own origin. */
const DOCUMENT_URL = '/docs/xotin-qizlar-qomitasi.docx';

/**
 * The women's committee document page (/XQQ). The server sends a description and the download link,
 * which is all a visitor without JavaScript needs; with JavaScript the viewer island renders the .docx
 * in place as pages by itself, once the page is interactive.
 */
export default function WomensCommittee() {
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.xqq.title} description={t.pages.xqq.description} />
      <PageHeading title={t.pages.xqq.title} />
      <p className="xqq-intro">{t.womensCommittee.intro}</p>
      <p className="xqq-download">
        <ExternalLink href={DOCUMENT_URL} className="button">
          {t.womensCommittee.download}
        </ExternalLink>
        <span className="xqq-download__type">{t.womensCommittee.fileType}</span>
      </p>
      <DocumentViewerIsland
        src={DOCUMENT_URL}
        words={{
          ...pick(t.womensCommittee, ['loading', 'failed', 'download', 'viewer']),
          opensInNewTab: t.header.opensInNewTab,
          document: t.pages.xqq.title,
        }}
      />
    </div>
  );
}
