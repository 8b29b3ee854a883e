import { createApp, type AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';

/** An app on the given backend, with quiet logs; `env` overrides configuration variables. */
export function testApp(backendUrl: string | null, env: Record<string, string> = {}, deps: AppDeps = {}) {
  const config = loadConfig({
    ...(backendUrl ? { BACKEND_URL: backendUrl } : {}),
    SITE_URL: 'https://ztu.example.uz',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return createApp(config, { logger: createLogger('silent'), ...deps });
}
