/**
 * A back button (/Vacancies): browser history back. Without JavaScript, or when this
 * page opened a new tab (no history), it is a link to `href`.
 */
import type { MouseEvent } from 'react';
import { island } from './island';
import { plainClick } from './plain-click';

function BackLink({ href, className, label }: { href: string; className: string; label: string }) {
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (window.history.length <= 1 || !plainClick(event)) return;
    event.preventDefault();
    window.history.back();
  };
  return (
    <a href={href} className={className} onClick={back} data-held-click="">
      <span aria-hidden="true">←</span> {label}
    </a>
  );
}

export default island('BackLink', BackLink, 'idle');
