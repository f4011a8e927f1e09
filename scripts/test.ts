// `npm test`: the rules that hold the house (docs/architecture.md, "Rules that hold the house": the
// type check, the linter that holds the layers, the formatter's check, the unused-code check), then
// every vitest project that can run on this machine.
// Browser tests need Debian's Chromium, PostgreSQL runs TEST_DATABASE_URL, and the suites of
// tests/requirements.ts what they name. Under CI all are required: a missing one fails the run.
import { spawnSync } from 'node:child_process';
import { availableServices, testPlan } from '#tests/requirements.ts';

const ci = Boolean(process.env.CI);
const extraArgs = process.argv.slice(2);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const plan = testPlan(availableServices(), ci);
if (plan.fatal.length > 0) {
  for (const sentence of plan.fatal) console.error(sentence);
  process.exit(1);
}
console.log('› type check');
run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
console.log('› layers (eslint.config.js)');
run('npx', ['eslint', '.']);
console.log('› format (prettier --check; npm run format writes it)');
run('npm', ['run', '--silent', 'format:check']);
console.log('› unused files, dependencies and exports (knip.jsonc)');
run('npm', ['run', '--silent', 'unused']);

for (const note of plan.notes) console.log(`› ${note}`);
console.log(`› vitest: ${plan.projects.join(', ')}`);
run('npx', ['vitest', 'run', ...plan.projects.flatMap((p) => ['--project', p]), ...plan.excluded.flatMap((path) => ['--exclude', path]), ...extraArgs]);
