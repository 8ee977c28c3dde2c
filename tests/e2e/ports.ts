/**
 * The browser suite's ports: E2E_APP_PORT and E2E_PROVIDER_PORT, else 3100 and 4100. scripts/e2e.ts gives each
 * shard the next pair; playwright.config.ts starts the product on them; the specs reach it there.
 */
export function e2ePorts(env: NodeJS.ProcessEnv = process.env): { app: number; provider: number } {
  return { app: Number(env.E2E_APP_PORT ?? 3100), provider: Number(env.E2E_PROVIDER_PORT ?? 4100) };
}
