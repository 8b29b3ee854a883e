/**
 * The home page's right-side slide-in panels: Students, with the student-portal
 * login, and Menu, with the grouped links of HOME_PANEL_MENU. Each is a modal dialog toggled by a
 * button with aria-expanded; Escape, a click outside or the close button close it; Tab stays inside
 * while it is open, and focus goes back to its button afterwards. The open panel is shared with the
 * action button (home/panel-state.ts), which hides while one is open.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useClickOutside, useEscape, useFocusTrap } from './hooks';
import { setOpenPanel, useOpenPanel, type PanelId } from './home/panel-state';
import { island } from './island';

const PANELS: PanelId[] = ['students', 'menu'];

/** A link of the Menu panel, or a group of them (a group inside a group nests one level deeper). */
export type PanelEntry = { label: string; href: string; external?: true; current?: true } | { label: string; items: PanelEntry[] };

export interface SidePanelsProps {
  words: {
    toolbar: string;
    students: string;
    menu: string;
    studentsTitle: string;
    menuTitle: string;
    studentsText: string;
    login: string;
    close: string;
    opensInNewTab: string;
  };
  loginHref: string;
  menu: PanelEntry[];
}

function SidePanels({ words, loginHref, menu }: SidePanelsProps) {
  const open = useOpenPanel();
  const rootRef = useRef<HTMLDivElement>(null);
  const studentsRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const panelRefs = { students: studentsRef, menu: menuRef };
  const lastOpen = useRef<PanelId | null>(null);
  const close = useCallback(() => setOpenPanel(null), []);
  // A panel's body is made the first time it opens, then kept. Closed panels can only be opened by
  // script, so the server never sends their 100 elements (the menu's links repeat the header's).
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

  const title = { students: words.studentsTitle, menu: words.menuTitle };
  const body: Record<PanelId, ReactNode> = {
    students: (
      <>
        <p>{words.studentsText}</p>
        <NewTabLink href={loginHref} className="button button--accent" opensInNewTab={words.opensInNewTab}>
          {words.login}
        </NewTabLink>
      </>
    ),
    menu: <PanelMenu entries={menu} opensInNewTab={words.opensInNewTab} />,
  };

  return (
    <>
      <div className="panel-backdrop" hidden={open === null} />
      <div ref={rootRef} className="side-panels">
        <div className="side-panels__toolbar" role="group" aria-label={words.toolbar}>
          {PANELS.map((id) => (
            <button
              key={id}
              type="button"
              className="side-panels__toggle"
              aria-expanded={open === id}
              aria-controls={`panel-${id}`}
              onClick={() => setOpenPanel(open === id ? null : id)}
            >
              {words[id]}
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
              <button type="button" className="icon-button side-panel__close" onClick={close} aria-label={words.close}>
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

function PanelMenu({ entries, opensInNewTab, level = 3 }: { entries: PanelEntry[]; opensInNewTab: string; level?: 3 | 4 }) {
  const Heading = `h${level}` as const;
  return (
    <ul className="panel-menu">
      {entries.map((entry) =>
        'items' in entry ? (
          <li key={entry.label} className="panel-menu__group">
            <Heading className="panel-menu__label">{entry.label}</Heading>
            <PanelMenu entries={entry.items} opensInNewTab={opensInNewTab} level={4} />
          </li>
        ) : (
          <li key={entry.label}>
            {entry.external ? (
              <NewTabLink href={entry.href} opensInNewTab={opensInNewTab}>
                {entry.label}
              </NewTabLink>
            ) : (
              <a href={entry.href} aria-current={entry.current ? 'page' : undefined}>
                {entry.label}
              </a>
            )}
          </li>
        ),
      )}
    </ul>
  );
}

/** A link off the site, as the server's ExternalLink writes it: new tab, no opener, announced. */
function NewTabLink({ href, className, opensInNewTab, children }: { href: string; className?: string; opensInNewTab: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {opensInNewTab}</span>
    </a>
  );
}

export default island('SidePanels', SidePanels, 'idle');
