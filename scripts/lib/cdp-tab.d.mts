/** Types for the TypeScript tests that share this helper with the measuring scripts. */

/** Sends a DevTools command, to the browser or (with `session`) to one page; resolves with its result. */
export type Send = <Result = Record<string, unknown>>(method: string, params?: Record<string, unknown>, session?: string) => Promise<Result>;

export interface TargetInfo {
  targetId: string;
  type: string;
  /** 'prerender' for a page Chromium renders ahead. */
  subtype?: string;
  url: string;
}

export interface Tab {
  /** The session of the tab's first page. */
  page: string;
  send: Send;
  /** The next event `method` (in `session` when given) for which `accept(params)` holds. */
  next<Params = Record<string, unknown>>(method: string, accept?: (params: Params) => boolean, session?: string): Promise<Params>;
  /** Calls `handle(params, session)` for every event `method`. */
  on<Params = Record<string, unknown>>(method: string, handle: (params: Params, session: string | undefined) => void): void;
  close(): Promise<void>;
}

export declare function openTab(options: {
  executablePath: string;
  args: string[];
  onPage?: (send: Send, session: string, target: TargetInfo) => Promise<unknown>;
}): Promise<Tab>;
