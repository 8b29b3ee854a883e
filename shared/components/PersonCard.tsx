import type { ReactNode } from 'react';
import type { Picture } from '../api';
import { useT } from '../app-context';
import { phoneText } from '../format';
import { Img } from './Img';

export const DEFAULT_PERSON_IMAGE = '/media/default/person.svg';

export interface PersonCardProps {
  image: Picture | null;
  name: string;
  /** A line under the name: a position, or a department's name. */
  role?: string;
  phone?: string;
  email?: string;
  children?: ReactNode;
  /** Longer text under the contacts (faculty staff's rich-text details). */
  details?: ReactNode;
}

/** A person (rectorate, department head, faculty staff) with contacts that are real tel:/mailto: links. */
export function PersonCard({ image, name, role, phone, email, children, details }: PersonCardProps) {
  const t = useT();
  return (
    <article className="person-card">
      <Img className="person-card__photo" picture={image} fallback={DEFAULT_PERSON_IMAGE} place="person" alt={name} />
      <div className="person-card__body">
        {role ? <p className="person-card__role">{role}</p> : null}
        <h2 className="person-card__name">{name}</h2>
        <dl className="person-card__facts">
          {children}
          {phone ? (
            <>
              <dt>{t.common.phone}</dt>
              <dd>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phoneText(phone)}</a>
              </dd>
            </>
          ) : null}
          {email ? (
            <>
              <dt>{t.common.email}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </>
          ) : null}
        </dl>
        {details}
      </div>
    </article>
  );
}
