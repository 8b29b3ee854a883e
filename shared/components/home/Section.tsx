import type { ReactNode } from 'react';

/** A home page section: an <h2> that names it, its content and an optional closing link. */
export function Section({
  id,
  title,
  lead,
  more,
  className,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  more?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`home-section container${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead ? <p className="home-section__lead">{lead}</p> : null}
      {children}
      {more ? <p className="home-section__more">{more}</p> : null}
    </section>
  );
}
