import type { Partner } from '../../api';
import { Img } from '../Img';

/**
 * A partner's logo (or its name when the backend sent no image), linked to its site when the link is
 * http(s): the parser has already turned anything else into null, so the logo then stays unlinked.
 */
export function PartnerLogo({ partner, hidden = false, linked = true }: { partner: Partner; hidden?: boolean; linked?: boolean }) {
  const logo = partner.image ? (
    <Img className="partner__logo" picture={partner.image} place="partner" alt={hidden ? '' : partner.name} />
  ) : (
    <span className="partner__name">{partner.name}</span>
  );
  if (!partner.url || !linked) return <span className="partner">{logo}</span>;
  return (
    <a className="partner" href={partner.url} target="_blank" rel="noopener noreferrer">
      {logo}
    </a>
  );
}
