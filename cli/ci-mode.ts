/**
 * Ink switches to a "CI mode" whenever CI, CONTINUOUS_INTEGRATION or a CI_* variable is set: it then draws
 * nothing until the view unmounts, so every message convey prints on stderr would be lost in a script run
 * by a CI system. convey decides for itself from the terminal whether to draw live (see ui/render.tsx), so
 * these variables are removed from this process before Ink is first loaded. Imported first by main.ts.
 */
export function leaveCiMode(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of Object.keys(env)) {
    if (name === "CI" || name === "CONTINUOUS_INTEGRATION" || name.startsWith("CI_")) delete env[name];
  }
}

leaveCiMode();
