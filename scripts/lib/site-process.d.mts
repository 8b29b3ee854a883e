/** Types for the TypeScript tests that share these helpers with the measuring scripts. */
import type { ChildProcess } from 'node:child_process';

export declare const root: string;
/** A port nothing listens on at the moment of asking, on 127.0.0.1. */
export declare function freePort(): Promise<number>;
export declare function chromiumPath(): string;
export declare function productionNodeFlags(): string[];
export declare function productionAllocatorEnv(): Record<string, string>;
/** Resolves once `url` answers below 500; rejects after 30 s. */
export declare function waitFor(url: string): Promise<void>;
/** The environment of a built site in production mode on 127.0.0.1, its metrics listener on `metricsPort`. */
export declare function siteEnv(port: number, metricsPort: number): NodeJS.ProcessEnv;
export declare function startBuiltSite(options?: {
  env?: Record<string, string>;
  nodeArgs?: string[];
  stdio?: import('node:child_process').StdioOptions;
}): Promise<{ url: string; metricsUrl: string; child: ChildProcess }>;
/** Chromium's headless flags, as every script and browser test starts it. */
export declare const CHROMIUM_FLAGS: string[];
