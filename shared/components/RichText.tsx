import { useDisplay } from '../app-context';

/** Every image in sanitised HTML: the serialiser double-quotes attribute values, and a quoted value may hold '>'. */
const IMAGE = /<img\b(?:[^>"]|"[^"]*")*>/g;
const ALT = /\salt="([^"]*)"/;

/**
 * Sanitised rich text with its images replaced by their text (`.img-alt`, as shared/components/Img.tsx
 * does), for the accessibility panel's "images hidden". The alt value is still escaped as an attribute
 * is, which leaves '<' and '>' as they are: those are escaped for the text it becomes.
 */
export function imagesAsText(html: string): string {
  return html.replace(IMAGE, (tag) => {
    const alt = ALT.exec(tag)?.[1]?.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return alt ? `<span class="img-alt">${alt}</span>` : '';
  });
}

/** The backend's sanitised HTML (server/sanitize.ts), as the visitor's display settings show it. */
export function RichText({ html, className }: { html: string; className: string }) {
  const { images } = useDisplay();
  return <div className={className} dangerouslySetInnerHTML={{ __html: images === 'off' ? imagesAsText(html) : html }} />;
}
