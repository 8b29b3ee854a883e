/**
 * Image sources made to hurt the image endpoint, for its tests and for `node scripts/encoder-job-memory.mjs`.
 */

/**
 * About a kilobyte of SVG whose filter keeps forty results, each drawn at the size asked: at 1920 px,
 * forty 15 MB surfaces (650 MB in an encoder process with no memory bound).
 */
export function memoryHungrySvg(): Buffer {
  const results = Array.from({ length: 40 }, (_, i) => `r${i}`);
  const offsets = results.map((name, i) => `<feOffset in="SourceGraphic" dx="${i}" dy="${i}" result="${name}"/>`).join('');
  const merge = `<feMerge>${results.map((name) => `<feMergeNode in="${name}"/>`).join('')}</feMerge>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><defs><filter id="f" x="0" y="0" width="100%" height="100%">${offsets}${merge}</filter></defs><rect width="1000" height="1000" fill="#36c" filter="url(#f)"/></svg>`,
  );
}
