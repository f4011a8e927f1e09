// `npm test`: the type check, then every vitest project that can run on this machine.
// Browser tests need Debian's Chromium; PostgreSQL runs need TEST_DATABASE_URL. Under CI both are
// required, and a missing one fails the run instead of being left out.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts';

const ci = Boolean(process.env.CI);
const extraArgs = process.argv.slice(2);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (ci && !hasChromium) {
  console.error(`CI needs Chromium at ${CHROMIUM_PATH} for the browser suite (apt-get install chromium).`);
  process.exit(1);
}
if (ci && !process.env.TEST_DATABASE_URL) {
  console.error('CI needs TEST_DATABASE_URL: the server suite runs on PostgreSQL as well as PGlite.');
  process.exit(1);
}

console.log('› type check');
run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);

const projects = ['node', 'web'];
if (hasChromium) projects.push('e2e');
else console.log(`› browser suite not run: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
if (!process.env.TEST_DATABASE_URL) console.log('› server suite on PGlite only: set TEST_DATABASE_URL to add PostgreSQL');

console.log(`› vitest: ${projects.join(', ')}`);
run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extraArgs]);
