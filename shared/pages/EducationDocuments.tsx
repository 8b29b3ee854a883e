import { useLang, useT } from '../app-context';
import { LANG_TAG, uzbekScript } from '../lang';
import { Await, EmptyState } from '../components/Await';
import { ExternalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import type { LegalDocument } from '../api';
import type { PageLoader } from '../data';
import { usePageData } from '../page-data';
import '../styles/education-documents.css';

type EducationDocumentsData = { documents: LegalDocument[] };

/** The documents are the site's own (content/site); every language shows the Uzbek (in the page's script) and English titles. */
export const loader: PageLoader<EducationDocumentsData> = ({ api }) => ({
  documents: api.legalDocuments(),
});

export default function EducationDocuments() {
  const data = usePageData<EducationDocumentsData>();
  const t = useT();
  const script = uzbekScript(useLang());
  return (
    <div className="container page">
      <Seo title={t.pages.qoidalar.title} description={t.pages.qoidalar.description} />
      <PageHeading title={t.pages.qoidalar.title}>
        <p className="legal-documents__intro">{t.educationDocuments.intro}</p>
      </PageHeading>
      <Await slot={data.documents}>
        {(documents) =>
          documents.length === 0 ? (
            <EmptyState />
          ) : (
            <ol className="legal-documents">
              {documents.map((doc) => (
                <li key={doc.id} className="legal-documents__item">
                  <p className="legal-documents__title" lang={LANG_TAG[script]}>
                    {doc.url ? <ExternalLink href={doc.url}>{doc.text[script]}</ExternalLink> : doc.text[script]}
                  </p>
                  {doc.textEn ? (
                    <p className="legal-documents__title-en">
                      <span className="visually-hidden">{t.educationDocuments.englishTitle}: </span>
                      <span lang="en">{doc.textEn}</span>
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )
        }
      </Await>
    </div>
  );
}
