/**
 * The sections of /sdf, revealed one by one as they scroll into view (IntersectionObserver). The server
 * (and a visitor without JavaScript or with reduced motion) shows every section; once the island has
 * hydrated, the sections still below the fold are hidden until they come into view. Their content is
 * server HTML (slots `section-<index>`); the island owns only which of them are hidden.
 */
import { useEffect, useRef, useState } from 'react';
import { motionReduced } from '../display';
import { island, Slot } from './island';

const NONE: ReadonlySet<number> = new Set();

function ScrollReveal({ count }: { count: number }) {
  const sections = useRef<(HTMLElement | null)[]>([]);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(NONE);

  useEffect(() => {
    if (!('IntersectionObserver' in window) || motionReduced()) return;
    const below = sections.current.flatMap((element, index) => (element && element.getBoundingClientRect().top > window.innerHeight ? [index] : []));
    setHidden(new Set(below));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const index = Number((entry.target as HTMLElement).dataset.index);
          setHidden((current) => new Set([...current].filter((i) => i !== index)));
        }
      },
      { threshold: 0.15 },
    );
    for (const index of below) observer.observe(sections.current[index]!);
    return () => observer.disconnect();
  }, []);

  return (
    <ol className="svc-scroll">
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          ref={(element) => {
            sections.current[index] = element;
          }}
          data-index={index}
          className={hidden.has(index) ? 'svc-scroll__item is-hidden' : 'svc-scroll__item'}
        >
          <Slot name={`section-${index}`} />
        </li>
      ))}
    </ol>
  );
}

export default island('ScrollReveal', ScrollReveal, 'idle');
