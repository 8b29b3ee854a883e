import { useEffect, useState, type MouseEvent } from 'react';
import { LANGUAGE_SWITCH_DELAY_MS } from '../../constants';
import { Dropdown } from '../ui/Dropdown';
import { plainClick } from '../plain-click';
import type { LanguageChoice } from './types';

/**
 * Switching language: real links to the same page in the other languages (they work without
 * JavaScript and tell crawlers about the alternates). With JavaScript a choice shows a 1 s
 * loading state, then loads that page. A page brought back from the back/forward cache shows no
 * state left over from the switch.
 */
function useLanguageSwitch(lang: string, languages: LanguageChoice[], onDone: () => void) {
  const [switchingTo, setSwitchingTo] = useState<LanguageChoice | null>(null);

  useEffect(() => {
    if (!switchingTo) return;
    const timer = setTimeout(() => {
      onDone();
      window.location.assign(switchingTo.href);
    }, LANGUAGE_SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [switchingTo, onDone]);

  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setSwitchingTo(null);
    addEventListener('pageshow', reset);
    return () => removeEventListener('pageshow', reset);
  }, []);

  const choose = (target: LanguageChoice) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (target.lang === lang) onDone();
    else setSwitchingTo(target);
  };
  const links = languages.map((choice) => (
    <li key={choice.lang}>
      <a href={choice.href} hrefLang={choice.lang} lang={choice.lang} aria-current={choice.lang === lang ? 'true' : undefined} onClick={choose(choice)}>
        {choice.name}
      </a>
    </li>
  ));
  const status = switchingTo ? (
    <div className="lang-switch__loading" role="status" lang={switchingTo.lang}>
      <span className="spinner" aria-hidden="true" />
      {switchingTo.changing}
    </div>
  ) : null;
  return { links, status };
}

interface MenuProps {
  lang: string;
  languages: LanguageChoice[];
  label: string;
  chooseLabel: string;
}

/** The language menu of the header bar (wide screens). */
export function LangSwitch({
  lang,
  languages,
  label,
  chooseLabel,
  open,
  onToggle,
  onClose,
}: MenuProps & { open: boolean; onToggle: (id: string) => void; onClose: () => void }) {
  const { links, status } = useLanguageSwitch(lang, languages, onClose);
  return (
    <Dropdown
      id="lang"
      className="lang-switch tools__wide"
      open={open}
      onToggle={onToggle}
      label={
        <>
          <span className="visually-hidden">{label}: </span>
          <span lang={lang}>{languages.find((choice) => choice.lang === lang)?.short}</span>
        </>
      }
    >
      <ul aria-label={chooseLabel}>{links}</ul>
      {status}
    </Dropdown>
  );
}

/** The same choice inside the small-screen menu: the languages side by side. */
export function MenuLanguages({ lang, languages, chooseLabel, onDone }: Omit<MenuProps, 'label'> & { onDone: () => void }) {
  const { links, status } = useLanguageSwitch(lang, languages, onDone);
  return (
    <>
      <ul className="nav__languages" aria-label={chooseLabel}>
        {links}
      </ul>
      {status}
    </>
  );
}
