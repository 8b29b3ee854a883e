import { useT } from '../app-context';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { TextSections } from '../components/TextSections';
import { phoneText } from '../format';
import { EXTERNAL, SITE } from '../site';

/** /accessibility-statement: what the site meets, how it is tested, the panel, its limits and whom to write to. */
export default function AccessibilityStatement() {
  const t = useT();
  const page = t.pages['accessibility-statement'];
  const statement = t.accessibility.statement;
  return (
    <div className="container page">
      <Seo title={page.title} description={page.description} />
      <PageHeading title={page.title} />
      <TextSections sections={statement.sections} idPrefix="statement" />
      <section className="prose prose-section" aria-labelledby="statement-contact">
        <h2 id="statement-contact">{statement.contactHeading}</h2>
        <p>
          {statement.contact}: <a href={EXTERNAL.mail}>{SITE.email}</a>, <a href={SITE.phoneHref}>{phoneText(SITE.phone)}</a>.
        </p>
      </section>
    </div>
  );
}
