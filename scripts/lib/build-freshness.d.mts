/** Types for the TypeScript tests of build-freshness.mjs. */
/** The stamp's path relative to the project root: dist/build.json. */
export declare const STAMP: string;
/** The stamp's text: `{ mode, builtAt }`, builtAt in ms since the epoch when the build started. */
export declare function stampFor(mode: 'production' | 'development', builtAt: number): string;
/** Null when dist/ under `root` can be served as it is, else one line saying why it must be rebuilt. */
export declare function staleReason(root: string): string | null;
