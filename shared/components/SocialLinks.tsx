import { useT } from '../app-context';
import { EXTERNAL } from '../site';

const ICONS = {
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  telegram: 'M21 4 3 11l5 2 2 6 3-4 5 4 3-15ZM9 13l8-6-6 7',
  youtube: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8Zm7 1v6l5-3-5-3Z',
  mail: 'M3 6h18v12H3V6Zm0 0 9 7 9-7',
} as const;

/** Instagram, Telegram, YouTube and e-mail, as icon links with accessible names. */
export function SocialLinks() {
  const t = useT();
  const links = [
    { key: 'instagram', href: EXTERNAL.instagram, name: 'Instagram' },
    { key: 'telegram', href: EXTERNAL.telegram, name: 'Telegram' },
    { key: 'youtube', href: EXTERNAL.youtube, name: 'YouTube' },
    { key: 'mail', href: EXTERNAL.mail, name: t.footer.email },
  ] as const;
  return (
    <ul className="social" aria-label={t.footer.social}>
      {links.map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            aria-label={link.key === 'mail' ? link.name : `${link.name} ${t.header.opensInNewTab}`}
            {...(link.key === 'mail' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d={ICONS[link.key]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
