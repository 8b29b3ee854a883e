import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang, useT } from '../app-context';
import { LANGUAGE_SWITCH_DELAY_MS } from '../constants';
import { LANG_LABELS, loadDict } from '../i18n';
import { LANG_TAG, LANGS, localePath, stripLang, type Lang } from '../lang';
import { pageSearch } from '../page-query';
import { Dropdown } from './Dropdown';
import { plainClick } from './links';

/**
 * Switching language: real links to the same page in the other languages (they work without
 * JavaScript and tell crawlers about the alternates). With JavaScript a choice shows the SPEC's 1 s
 * loading state, then navigates client-side and calls `onDone`.
 */
function useLanguageSwitch(onDone: () => void) {
  const lang = useLang();
  const location = useLocation();
  // Only what the page reads: the links are the same in the stored page and after hydration.
  const search = pageSearch(location.search);
  const navigate = useNavigate();
  const [switchingTo, setSwitchingTo] = useState<Lang | null>(null);
  const path = stripLang(location.pathname);

  useEffect(() => {
    if (!switchingTo) return;
    const timer = setTimeout(() => {
      onDone();
      setSwitchingTo(null);
      void navigate(localePath(switchingTo, path) + search);
    }, LANGUAGE_SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [switchingTo, navigate, onDone, path, search]);

  const choose = (target: Lang) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (target === lang) onDone();
    else {
      // The SPEC's one-second pause is time enough to fetch the other language's words.
      void loadDict(target);
      setSwitchingTo(target);
    }
  };
  const links = LANGS.map((l) => (
    <li key={l}>
      <a href={localePath(l, path) + search} hrefLang={LANG_TAG[l]} lang={LANG_TAG[l]} aria-current={l === lang ? 'true' : undefined} onClick={choose(l)}>
        {LANG_LABELS[l].name}
      </a>
    </li>
  ));
  const status = switchingTo ? (
    <div className="lang-switch__loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {LANG_LABELS[switchingTo].changing}
    </div>
  ) : null;
  return { links, status };
}

/** The language menu of the header bar (wide screens). */
export function LangSwitch({ open, onToggle, onClose }: { open: boolean; onToggle: (id: string) => void; onClose: () => void }) {
  const lang = useLang();
  const t = useT();
  const { links, status } = useLanguageSwitch(onClose);
  return (
    <Dropdown
      id="lang"
      className="lang-switch tools__wide"
      open={open}
      onToggle={onToggle}
      label={
        <>
          <span className="visually-hidden">{t.header.language}: </span>
          <span lang={LANG_TAG[lang]}>{LANG_LABELS[lang].short}</span>
        </>
      }
    >
      <ul aria-label={t.header.chooseLanguage}>{links}</ul>
      {status}
    </Dropdown>
  );
}

/** The same choice inside the small-screen menu: the renditions side by side. */
export function MenuLanguages({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { links, status } = useLanguageSwitch(onDone);
  return (
    <>
      <ul className="nav__languages" aria-label={t.header.chooseLanguage}>
        {links}
      </ul>
      {status}
    </>
  );
}
