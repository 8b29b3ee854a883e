import type { ImgHTMLAttributes } from 'react';

/**
 * An <img>, or where the visitor hides images (the accessibility panel) the text it stands for, so the
 * page says what the image showed and does not fetch it; a decorative image (alt="") is left out. No
 * context: islands use it with the setting as a prop.
 */
export function ImageOrText({ shown, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { shown: boolean }) {
  if (!shown) return alt ? <span className="img-alt">{alt}</span> : null;
  return <img alt={alt} {...rest} />;
}
