import { useT } from '../app-context';
import { LocalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { TextSections } from '../components/TextSections';
import { WORKING_HOURS } from '../constants';
import { EXTERNAL, SITE } from '../site';
import { phoneText } from '../format';

/** /test2: how to use this site — keyboard, languages, no JavaScript, zoom — and whom to tell about a problem. */
export default function SiteHelp() {
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.test2.title} description={t.pages.test2.description} noindex />
      <PageHeading title={t.pages.test2.title} />
      <TextSections sections={t.siteHelp.sections} idPrefix="help" />
      <section className="prose prose-section" aria-labelledby="help-contact">
        <h2 id="help-contact">{t.footer.contacts}</h2>
        <p>
          {t.siteHelp.contact}: <a href={SITE.phoneHref}>{phoneText(SITE.phone)}</a>, <a href={EXTERNAL.mail}>{SITE.email}</a>.
        </p>
        <p>
          {t.footer.address}: {t.site.address}. {t.footer.workingHours}: {t.footer.workingDays} {WORKING_HOURS.from}–{WORKING_HOURS.to}; {t.footer.sunday}.
        </p>
        <p>
          <LocalLink to="/test">{t.pages.test.title}</LocalLink>
        </p>
      </section>
    </div>
  );
}
