/**
 * The part of negotiator (jshttp, CommonJS) this project uses; there is no @types/negotiator in the
 * dependency tree, and the lock file stays as it is.
 */
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` by q-value; ties go to the earlier entry of `preferred`. */
    encoding(available?: readonly string[], preferred?: readonly string[]): string | undefined;
    /** Every acceptable entry of `available`, best first (q = 0 left out). */
    encodings(available?: readonly string[], preferred?: readonly string[]): string[];
  }
  export = Negotiator;
}
