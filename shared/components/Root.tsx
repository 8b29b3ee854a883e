/**
 * The document every page shares: <html lang>, head assets, the site frame and the routed page. It is
 * the root route's element for each language, so client navigation keeps the frame and swaps the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LangContext, useApp, useRouteLang } from '../app-context';
import { BOOT_ID } from '../boot';
import { dict } from '../i18n';
import { LANG_TAG } from '../lang';
import { ROUTE_FADE_MS } from '../constants';
import { ClientOverlays } from './Overlays';
import { Footer } from './Footer';
import { Header } from './Header';
import { LinkFollower } from './links';

export function Document({ children }: { children: React.ReactNode }) {
  const app = useApp();
  const lang = useRouteLang();
  const t = dict(lang);
  return (
    <LangContext value={lang}>
      <html lang={LANG_TAG[lang]} dir="ltr">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#1f3a93" />
          {/* No frame is painted before the body's last element, the boot data, is parsed. Chrome paints a
            document as it parses whenever parsing yields (a slow phone, a busy CPU): a header or footer
            half parsed, then the rest appearing, is a layout shift. The page's frame and its fallbacks
            come in the first bytes, whole or streamed, so this never waits for data. Other browsers
            ignore it. */}
          <link rel="expect" href={`#${BOOT_ID}`} blocking="render" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          {/* A precedence makes React write the stylesheet right after the image preloads, ahead of the
            module preloads and the page's meta tags: the one render-blocking request is asked first. */}
          {app.assets.css.map((href) => (
            <link key={href} rel="stylesheet" href={href} precedence="default" />
          ))}
          {app.assets.preload.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
          <script type="module" src={app.assets.entry} />
        </head>
        <body>
          <a className="skip-link" href="#main">
            {t.header.skipToContent}
          </a>
          <LinkFollower>
            <Header />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <Footer />
            <ClientOverlays />
          </LinkFollower>
          {/* The body's last element: a page rendered whole gets it empty here and the server writes the
            JSON into its place in the bytes (server/render.tsx `whole`). */}
          <script type="application/json" id={BOOT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: app.bootJson }} />
        </body>
      </html>
    </LangContext>
  );
}

export function Root() {
  return (
    <Document>
      <RouteFade>
        <Outlet />
      </RouteFade>
    </Document>
  );
}

/**
 * The SPEC's 300 ms fade between pages. Only client navigations fade: the first paint of server HTML
 * is never delayed by an animation. Focus moves to the new page's content for screen-reader users.
 */
function RouteFade({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (pathname === first.current && !navigated) return;
    setNavigated(true);
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pathname, navigated]);
  return (
    <div
      key={navigated ? pathname : 'initial'}
      className={navigated ? 'route-fade' : undefined}
      style={navigated ? { animationDuration: `${ROUTE_FADE_MS}ms` } : undefined}
    >
      {children}
    </div>
  );
}
