// `npm run mutants:identity` (docs/architecture.md "Identity"): removes each check of the identity matcher and of the
// back-office sign-in in turn, runs tests/server/identity-takeover.test.ts against the mutated code,
// and fails unless every mutant makes the suite fail (and the unmutated code passes). It works on a
// throw-away git worktree of HEAD, so the checkout is never touched. Not part of `npm test`: one
// suite run per mutant takes minutes on a small machine; a regular expression after `--` runs only
// the mutants whose names match it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Mutant {
  /** The check the mutant removes. */
  name: string;
  file: string;
  from: string;
  to: string;
}

const MATCHER = 'src/server/services/identity-match.ts';
const NO_ROWS = '.where(sql`false`)';

const MUTANTS: Mutant[] = [
  {
    name: 'a body naming somebody else is accepted',
    file: MATCHER,
    from: "  if (body.nome !== undefined && !sameName(body.nome, asserted.nome)) return 'nome';\n  if (body.cognome !== undefined && !sameName(body.cognome, asserted.cognome)) return 'cognome';\n  if (body.dataNascita !== undefined && body.dataNascita !== asserted.dataNascita) return 'dataNascita';\n",
    to: '',
  },
  {
    name: 'the code is computed from the body, not the provider',
    file: MATCHER,
    from: '{ ...body, ...asserted, codiceFiscale: code }',
    to: "{ nome: '', cognome: '', dataNascita: '', ...body, codiceFiscale: code }",
  },
  { name: 'an identity whose provider asserts its code may match', file: MATCHER, from: 'if (subject.fiscalCode && !subject.matched) {', to: 'if (false) {' },
  { name: 'a bound identity may bind another code', file: MATCHER, from: 'if (code !== subject.fiscalCode) return', to: 'if (false) return' },
  { name: 'the binding statement may overwrite a bound code', file: MATCHER, from: ".where('s.fiscal_code', 'is', null)\n", to: '\n' },
  {
    name: 'a code another identity holds may be bound',
    file: MATCHER,
    from: "not(exists(selectFrom('identity_subjects as o')",
    to: `not(exists(selectFrom('identity_subjects as o')${NO_ROWS}`,
  },
  {
    name: 'a code an account holds may be bound',
    file: MATCHER,
    from: "not(exists(selectFrom('users as u')",
    to: `not(exists(selectFrom('users as u')${NO_ROWS}`,
  },
  {
    name: 'attempts are not audited',
    file: MATCHER,
    from: 'private async record(subject: string, outcome: MatchOutcome, fiscalCode: string | null = null): Promise<void> {\n',
    to: 'private async record(subject: string, outcome: MatchOutcome, fiscalCode: string | null = null): Promise<void> {\n    return;\n',
  },
  // What the provider asserts besides names and birth date (docs/architecture.md "Identity"): sex and place of birth.
  {
    name: 'a body whose sex disagrees with the provider is accepted',
    file: MATCHER,
    from: "  if (asserted.sesso && body.sesso !== asserted.sesso) return 'sesso';\n",
    to: '',
  },
  {
    name: 'a body whose birth country disagrees with the provider is accepted',
    file: MATCHER,
    from: "  if (asserted.statoNascita && !(await sameBirthCountry(body.statoNascita, asserted.statoNascita, asserted.dataNascita))) return 'statoNascita';\n",
    to: '',
  },
  { name: 'the provider’s sex is ignored (the body’s is used)', file: MATCHER, from: '...(sesso ? { sesso } : {}), ', to: '' },
  { name: 'the provider’s place of birth is ignored (the body’s is used)', file: MATCHER, from: ', ...assertedBirthplace(subject.claims) }', to: ' }' },
  // Codes compared by their base form: an omocodic variant of a held code is that code.
  {
    name: 'an omocodic variant of a code another identity holds may be bound',
    file: MATCHER,
    from: "where(baseOf('o.fiscal_code'), '=', base)",
    to: "where('o.fiscal_code', '=', code)",
  },
  {
    name: 'an omocodic variant of a code an account holds may be bound',
    file: MATCHER,
    from: "where(baseOf('u.fiscal_code'), '=', base)",
    to: "where('u.fiscal_code', '=', code)",
  },
  {
    name: 'a matched code reaches a staff account (principal)',
    file: 'src/server/auth/access.ts',
    from: "eb.or([eb('u.realm', '=', 'FO'), eb('s.matched', '=', false)])",
    to: "eb.or([eb('u.realm', '=', 'FO'), eb('s.matched', '=', false), eb.lit(true)])",
  },
  {
    name: 'a matched code reaches a staff account (user info)',
    file: 'src/server/routes/auth.ts',
    from: 'subject.fiscalCode && !subject.matched\n',
    to: 'subject.fiscalCode\n',
  },
];

/** `npm run mutants:identity -- 'omocodic|provider'`: only the mutants whose names match (all without one). */
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
const chosen = only ? MUTANTS.filter((mutant) => only.test(mutant.name)) : MUTANTS;
if (chosen.length === 0) throw new Error(`no mutant's name matches ${only}`);

const root = path.resolve(import.meta.dirname, '..');
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-mutants-'));
execFileSync('git', ['worktree', 'add', '--detach', '-q', tree, 'HEAD'], { cwd: root });
fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));

/** Runs the suite in the worktree: true when it passed. */
function suitePasses(): boolean {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', 'tests/server/identity-takeover.test.ts'], {
    cwd: tree,
    encoding: 'utf8',
    env: process.env,
  });
  return run.status === 0;
}

let survivors = 0;
try {
  if (!suitePasses()) throw new Error('the unmutated code fails the suite: fix that first');
  console.log('unmutated: suite passes');
  for (const mutant of chosen) {
    const file = path.join(tree, mutant.file);
    const original = fs.readFileSync(file, 'utf8');
    if (original.split(mutant.from).length !== 2) throw new Error(`${mutant.name}: the text to mutate is not found once in ${mutant.file}`);
    let mutated = original.replace(mutant.from, () => mutant.to);
    // The matcher may import sql already (with other names): a second import would be a syntax error, a false kill.
    if (mutant.to.includes(NO_ROWS) && !/import \{[^}]*\bsql\b[^}]*\} from 'kysely'/.test(mutated)) mutated = `import { sql } from 'kysely';\n${mutated}`;
    fs.writeFileSync(file, mutated);
    try {
      const killed = !suitePasses();
      if (!killed) survivors += 1;
      console.log(`${killed ? 'killed  ' : 'SURVIVED'} ${mutant.name}`);
    } finally {
      fs.writeFileSync(file, original);
    }
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
}
console.log(`${chosen.length - survivors} of ${chosen.length} mutants killed`);
process.exit(survivors === 0 ? 0 : 1);
