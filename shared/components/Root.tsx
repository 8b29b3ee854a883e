/**
 * The document every page shares: <html lang>, head assets, the site frame and the routed page. Pages
 * are server HTML; the browser hydrates only the islands in them (shared/islands/island.tsx).
 */
import { Outlet } from 'react-router';
import { LangContext, useApp, useRouteLang } from '../app-context';
import { displayAttributes } from '../display';
import { dict } from '../i18n';
import { IslandAssetsContext } from '../islands/island';
import { Overlays } from './Overlays';
import { LANG_TAG } from '../lang';
import { Footer } from './Footer';
import { Header } from './Header';

/** The body's last element: the page is not painted before it is parsed (see the head). */
const END_ID = 'page-end';

export function Document({ children }: { children: React.ReactNode }) {
  const app = useApp();
  const lang = useRouteLang();
  const t = dict(lang);
  return (
    <LangContext value={lang}>
      <html lang={LANG_TAG[lang]} dir="ltr" {...displayAttributes(app.display)}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#1f3a93" />
          {/* No frame is painted before the body's last element, the boot data, is parsed. Chrome paints a
            document as it parses whenever parsing yields (a slow phone, a busy CPU): a header or footer
            half parsed, then the rest appearing, is a layout shift. The page's frame and its fallbacks
            come in the first bytes, whole or streamed, so this never waits for data. Other browsers
            ignore it. */}
          <link rel="expect" href={`#${END_ID}`} blocking="render" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          {/* A precedence makes React write the stylesheet right after the image preloads, ahead of the
            islands' module preloads and the page's meta tags: the one render-blocking request is asked first. */}
          {app.assets.css.map((href) => (
            <link key={href} rel="stylesheet" href={href} precedence="default" />
          ))}
          <script type="module" src={app.assets.entry} />
        </head>
        <body>
          <a className="skip-link" href="#main">
            {t.header.skipToContent}
          </a>
          <IslandAssetsContext value={{ chunks: (name) => app.assets.islands[name] ?? [] }}>
            <Header />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <Footer />
          </IslandAssetsContext>
          <Overlays />
          <div id={END_ID} hidden />
        </body>
      </html>
    </LangContext>
  );
}

export function Root() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}
