/**
 * Small helpers shared by the artwork scripts (charter pages, structure charts). They write plain SVG
 * text by hand so the generated files stay tiny, readable and free of any tool's metadata.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Text for SVG/XML content and attribute values. */
export function esc(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Greedy word wrap by character count: SVG has no text flow, and these fonts are close to monospaced enough. */
export function wrap(text, maxChars) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes an SVG document (collapsing the indentation of the template literals) and reports its size. */
export function writeSvg(file, { width, height, title, body }) {
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">`,
    `<title>${esc(title)}</title>`,
    body,
    '</svg>',
    '',
  ]
    .join('\n')
    .replace(/\n\s+/g, '\n');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  console.log(`${file}: ${(Buffer.byteLength(svg) / 1024).toFixed(1)} KB`);
}
