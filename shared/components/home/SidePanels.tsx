import { useLocation } from 'react-router';
import { useLang, useT } from '../../app-context';
import SidePanelsIsland, { type PanelEntry } from '../../islands/SidePanels';
import { localePath, type Lang } from '../../lang';
import { HOME_PANEL_MENU, type NavItem } from '../../nav';
import { EXTERNAL } from '../../site';
import type { Dict } from '../../i18n';

/** The home page's side panels (shared/islands/SidePanels.tsx), their words and menu in the page's language. */
export function SidePanels() {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  const p = t.home.panels;
  return (
    <SidePanelsIsland
      words={{
        toolbar: p.toolbar,
        students: p.students,
        menu: p.menu,
        studentsTitle: p.studentsTitle,
        menuTitle: p.menuTitle,
        studentsText: p.studentsText,
        login: p.login,
        close: p.close,
        opensInNewTab: t.header.opensInNewTab,
      }}
      loginHref={EXTERNAL.studentPortalLogin}
      menu={panelEntries(HOME_PANEL_MENU, t, lang, pathname)}
    />
  );
}

/** The menu tree with labels and addresses in the page's language; the page shown is marked current. */
function panelEntries(items: NavItem[], t: Dict, lang: Lang, pathname: string): PanelEntry[] {
  return items.map((item): PanelEntry => {
    const label = t.nav[item.label];
    if (item.kind === 'group') return { label, items: panelEntries(item.items, t, lang, pathname) };
    if (item.kind === 'external') return { label, href: item.href, external: true };
    const href = localePath(lang, item.path);
    return pathname.toLowerCase() === href.toLowerCase() ? { label, href, current: true } : { label, href };
  });
}
