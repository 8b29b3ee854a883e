/**
 * The one place that writes a page's <title>, description, canonical link and hreflang alternates.
 * Pages say what they are; this component says it to browsers and crawlers. React hoists these tags
 * into <head> on the server and keeps them current on client navigation.
 */
import { useLocation } from 'react-router';
import { useApp, useLang, useT } from '../app-context';
import { LANGS, localePath, stripLang, DEFAULT_LANG } from '../lang';

interface SeoProps {
  title: string;
  description?: string;
  /** Pages that must not be indexed (mocks, error pages, search results). */
  noindex?: boolean;
}

export function Seo({ title, description, noindex }: SeoProps) {
  const { siteUrl } = useApp();
  const lang = useLang();
  const t = useT();
  const { pathname } = useLocation();
  const path = stripLang(pathname);
  const href = (l: typeof lang) => siteUrl + localePath(l, path);
  return (
    <>
      <title>{`${title} — ${t.site.name}`}</title>
      <meta name="description" content={description || t.site.description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={href(lang)} />
      {LANGS.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={href(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LANG)} />
    </>
  );
}
