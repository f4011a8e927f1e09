// `npm run serve`: starts the portal from an SPA built beforehand, so a production install
// (`npm ci --omit=dev`) needs no build tools (docs/deployment.md, "A release without build tools").
// Without the built SPA it stops with one sentence instead of serving an API without its pages.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';

try {
  const { staticDir } = loadConfig();
  if (staticDir !== null && !fs.existsSync(path.join(staticDir, 'index.html'))) {
    console.error(
      `Cannot start the portal: there is no built SPA in ${staticDir} (no index.html); run npm run build where the development dependencies are installed, or unpack a release there.`,
    );
    process.exit(1);
  }
} catch (error) {
  // A wrong variable is reported by the portal itself as it starts, in its own words.
  if (!(error instanceof ConfigError)) throw error;
}
await import('#server/main.ts');
