import type { Config } from '../config';
import { createEmbeddedSource, EMBEDDED_STUDENT_LIFE_PATH } from './embedded-source';
import { createHttpSource } from './http-source';
import type { Source } from './source';

export { EMBEDDED_STUDENT_LIFE_PATH };

/**
 * The configured source: the backend when BACKEND_URL is set, else the embedded content. The
 * student-life gallery comes from the backend only when STUDENT_LIFE_PATH names its path there;
 * otherwise from the embedded content, whatever the source of everything else.
 */
export function createSource(config: Config): Source {
  const embedded = createEmbeddedSource();
  if (!config.backendUrl) return embedded;
  const http = createHttpSource(config.backendUrl, config.backendTimeoutMs);
  if (config.studentLifePath) return http;
  return {
    name: http.name,
    mediaBase: http.mediaBase,
    mediaBaseFor: (path) => (path === EMBEDDED_STUDENT_LIFE_PATH ? embedded.mediaBase : http.mediaBase),
    fetchJson: (path, signal) => (path === EMBEDDED_STUDENT_LIFE_PATH ? embedded.fetchJson(path, signal) : http.fetchJson(path, signal)),
  };
}

export function studentLifePath(config: Config): string {
  return (config.backendUrl && config.studentLifePath) || EMBEDDED_STUDENT_LIFE_PATH;
}
