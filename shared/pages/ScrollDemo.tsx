import { useEffect, useRef, useState } from 'react';
import { useT } from '../app-context';
import { MockNotice } from '../components/MockNotice';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import '../styles/services.css';
import { motionReduced } from '../display';

const NONE: ReadonlySet<number> = new Set();

/**
 * /sdf: the SPEC's scroll-demo page. The server (and a visitor without JavaScript or with reduced
 * motion) shows every section; after hydration the sections still below the fold are hidden and
 * revealed one by one as they scroll into view (IntersectionObserver).
 */
export default function ScrollDemo() {
  const t = useT();
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
    <div className="container page">
      <Seo title={t.pages.sdf.title} description={t.pages.sdf.description} noindex />
      <PageHeading title={t.pages.sdf.title} />
      <MockNotice />
      <p className="svc-lead">{t.scrollDemo.intro}</p>
      <ol className="svc-scroll">
        {t.scrollDemo.sections.map((section, index) => (
          <li
            key={section.title}
            ref={(element) => {
              sections.current[index] = element;
            }}
            data-index={index}
            className={hidden.has(index) ? 'svc-scroll__item is-hidden' : 'svc-scroll__item'}
          >
            <span className="svc-scroll__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h2>{section.title}</h2>
            <p>{section.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
