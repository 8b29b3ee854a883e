import type { StemPair } from './stems';
export const NAMES: readonly StemPair[] = [];
