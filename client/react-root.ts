/**
 * React DOM's client, as its own chunk. Imported dynamically, a CommonJS package comes as its
 * `default` only; re-exported from an ES module, esbuild gives it its names.
 */
export { hydrateRoot } from 'react-dom/client';
