import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../app-context';
import { useClickOutside, useEscape, useFocusTrap } from '../../hooks';
import { HOME_PANEL_MENU, type NavItem } from '../../nav';
import { EXTERNAL } from '../../site';
import { ExternalLink, NavItemLink } from '../links';

export type PanelId = 'students' | 'menu';

const PANELS: PanelId[] = ['students', 'menu'];

/**
 * The home page's right-side slide-in panels (SPEC section 2): Students, with the student-portal
 * login, and Menu, with the grouped links of HOME_PANEL_MENU. Each is a modal dialog toggled by a
 * button with aria-expanded; Escape, a click outside or the close button close it; Tab stays inside
 * while it is open, and focus goes back to its button afterwards. The open panel is the page's state
 * (the action button hides while one is open).
 */
export function SidePanels({ open, onOpenChange }: { open: PanelId | null; onOpenChange: (panel: PanelId | null) => void }) {
  const t = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const studentsRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const panelRefs = { students: studentsRef, menu: menuRef };
  const lastOpen = useRef<PanelId | null>(null);
  const close = useCallback(() => onOpenChange(null), [onOpenChange]);
  // A panel's body is made the first time it opens, then kept. Closed panels can only be opened by
  // script, so their 100 elements (the menu's links repeat the header's) would be rendered by the
  // server and hydrated by every phone for nobody: a tenth of the home page.
  const [opened, setOpened] = useState<readonly PanelId[]>([]);
  if (open && !opened.includes(open)) setOpened([...opened, open]);

  useEscape(open !== null, close);
  useClickOutside(rootRef, open !== null, close);
  useFocusTrap(studentsRef, open === 'students');
  useFocusTrap(menuRef, open === 'menu');
  useEffect(() => {
    if (open) lastOpen.current = open;
    else if (lastOpen.current) {
      rootRef.current?.querySelector<HTMLElement>(`[aria-controls="panel-${lastOpen.current}"]`)?.focus({ preventScroll: true });
      lastOpen.current = null;
    }
  }, [open]);

  const title = { students: t.home.panels.studentsTitle, menu: t.home.panels.menuTitle };
  const body: Record<PanelId, ReactNode> = {
    students: (
      <>
        <p>{t.home.panels.studentsText}</p>
        <ExternalLink href={EXTERNAL.studentPortalLogin} className="button button--accent">
          {t.home.panels.login}
        </ExternalLink>
      </>
    ),
    menu: <PanelMenu items={HOME_PANEL_MENU} onNavigate={close} />,
  };

  return (
    <>
      <div className="panel-backdrop" hidden={open === null} />
      <div ref={rootRef} className="side-panels">
        <div className="side-panels__toolbar" role="group" aria-label={t.home.panels.toolbar}>
          {PANELS.map((id) => (
            <button
              key={id}
              type="button"
              className="side-panels__toggle"
              aria-expanded={open === id}
              aria-controls={`panel-${id}`}
              onClick={() => onOpenChange(open === id ? null : id)}
            >
              {t.home.panels[id]}
            </button>
          ))}
        </div>
        {PANELS.map((id) => (
          <div
            key={id}
            ref={panelRefs[id]}
            id={`panel-${id}`}
            className={`side-panel${open === id ? ' is-open' : ''}`}
            role="dialog"
            aria-modal="true"
            aria-labelledby={`panel-${id}-title`}
          >
            <div className="side-panel__head">
              <h2 id={`panel-${id}-title`}>{title[id]}</h2>
              <button type="button" className="icon-button side-panel__close" onClick={close} aria-label={t.home.panels.close}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            {opened.includes(id) ? body[id] : null}
          </div>
        ))}
      </div>
    </>
  );
}

/** The Menu panel's groups; a group inside a group (public services) nests one level deeper. */
function PanelMenu({ items, onNavigate, level = 3 }: { items: NavItem[]; onNavigate: () => void; level?: 3 | 4 }) {
  const t = useT();
  const Heading = `h${level}` as const;
  return (
    <ul className="panel-menu">
      {items.map((item) =>
        item.kind === 'group' ? (
          <li key={item.id} className="panel-menu__group">
            <Heading className="panel-menu__label">{t.nav[item.label]}</Heading>
            <PanelMenu items={item.items} onNavigate={onNavigate} level={4} />
          </li>
        ) : (
          <li key={item.label}>
            <NavItemLink item={item} />
          </li>
        ),
      )}
    </ul>
  );
}
