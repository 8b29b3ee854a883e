/**
 * The browser entry: read the boot data the server wrote, resolve the lazy page modules the URL
 * matched (so the first render equals the server HTML), and hydrate the whole document.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppContext, type AppInfo } from '../shared/app-context';
import { BOOT_ID, DEFERRED_ID, isDeferredMarker, type BootData } from '../shared/boot';
import { displayOfDocument } from '../shared/display';
import { loadDict } from '../shared/i18n';
import { DEFAULT_LANG, isLang } from '../shared/lang';
import { createRoutes } from '../shared/routes';
import { browserLoaders } from './data-loaders';
import '../shared/styles/site.css';

function readJson<T>(id: string): { raw: string; value: T } | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  return { raw: element.textContent, value: JSON.parse(element.textContent) as T };
}

/** Values the server streamed after the shell replace their markers; then the element goes. */
function mergeDeferred(loaderData: Record<string, unknown>): Record<string, unknown> {
  const deferred = readJson<Record<string, unknown>>(DEFERRED_ID)?.value ?? {};
  document.getElementById(DEFERRED_ID)?.remove();
  const merged: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(loaderData)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      merged[routeId] = Object.fromEntries(
        Object.entries(value).map(([key, slot]) => [key, isDeferredMarker(slot) ? (deferred[slot.$deferred] ?? { ok: false, missing: 'failed' }) : slot]),
      );
    } else {
      merged[routeId] = value;
    }
  }
  return merged;
}

/**
 * Loads the matched pages' modules and the page language's dictionary before hydrating, so no
 * route renders a fallback first.
 */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const lang = (matches[0]?.route.handle as { lang?: string } | undefined)?.lang;
  await Promise.all([
    loadDict(isLang(lang) ? lang : DEFAULT_LANG),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved);
      route.lazy = undefined;
    }),
  ]);
}

async function start(): Promise<void> {
  const boot = readJson<BootData>(BOOT_ID);
  if (!boot) return;
  const routes = createRoutes(browserLoaders);
  await resolveLazyMatches(routes);
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: mergeDeferred(boot.value.loaderData), errors: boot.value.errors },
  });
  const app: AppInfo = { siteUrl: boot.value.siteUrl, assets: boot.value.assets, bootJson: boot.raw, display: displayOfDocument(document.documentElement) };
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AppContext value={app}>
          <RouterProvider router={router} />
        </AppContext>
      </StrictMode>,
    );
  });
}

void start();
