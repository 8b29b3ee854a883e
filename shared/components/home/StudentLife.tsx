import type { Picture } from '../../api';
import { useT } from '../../app-context';
import { EXTERNAL } from '../../site';
import { EmptyState } from '../Await';
import { Img } from '../Img';
import { ExternalLink } from '../links';

/** The student-life gallery as the loader prepares it: texts already in the page language. */
export interface StudentLifeView {
  link: string | null;
  images: { key: string; image: Picture; title: string }[];
}

/** The student-life gallery and the link to the social profile (the backend's, else ours). */
export function StudentLife({ life }: { life: StudentLifeView | null }) {
  const t = useT();
  return (
    <>
      {life && life.images.length > 0 ? (
        <ul className="life-grid">
          {life.images.map((photo) => (
            <li key={photo.key}>
              <figure>
                <Img picture={photo.image} place="life" alt="" />
                <figcaption>{photo.title}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState />
      )}
      <p className="home-section__more">
        <ExternalLink href={life?.link ?? EXTERNAL.instagram} className="button button--ghost">
          {t.home.studentLife.profile}
        </ExternalLink>
      </p>
    </>
  );
}
