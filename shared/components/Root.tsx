/**
 * The document every page shares: <html lang>, head assets, the site frame and the routed page. Pages
 * are server HTML; the browser hydrates only the islands in them (shared/islands/island.tsx).
 */
import { Outlet } from 'react-router';
import { LangContext, useApp, useRouteLang } from '../app-context';
import { displayAttributes } from '../display';
import { RUM_SAMPLE_ATTRIBUTE } from '../field-vitals';
import { dict } from '../i18n';
import { IslandAssetsContext, type IslandAssets } from '../islands/island';
import type { IslandName } from '../islands/names';
import { Overlays } from './Overlays';
import { LANG_TAG } from '../lang';
import { SPECULATION_RULES_JSON } from '../speculation-rules';
import { Footer } from './Footer';
import { Header } from './Header';

const SPECULATION_RULES_HTML = { __html: SPECULATION_RULES_JSON };

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
          {/* No frame is painted before the body's last element, an empty marker, is parsed. Chrome paints a
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
          <script type="module" src={app.assets.entry} {...{ [RUM_SAMPLE_ATTRIBUTE]: app.rumSample > 0 ? app.rumSample : undefined }} />
          <script type="speculationrules" dangerouslySetInnerHTML={SPECULATION_RULES_HTML} />
        </head>
        <body>
          <a className="skip-link" href="#main">
            {t.header.skipToContent}
          </a>
          <IslandAssetsContext value={islandAssets(app.assets.islands)}>
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

/**
 * Each island's chunks, each announced once per page (a new one per render: the server renders once). A
 * chunk an idle island named is announced again for an island that wakes at once (React's, shared by all):
 * that one needs it in the head, not after the first paint; the browser fetches it once.
 */
function islandAssets(islands: Partial<Record<IslandName, readonly string[]>>): IslandAssets {
  const named = new Set<string>();
  const inHead = new Set<string>();
  return {
    unannounced: (name, wake) => {
      const announced = wake === 'load' ? inHead : named;
      const fresh = (islands[name] ?? []).filter((href) => !announced.has(href));
      for (const href of fresh) {
        named.add(href);
        if (wake === 'load') inHead.add(href);
      }
      return fresh;
    },
  };
}

export function Root() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}
