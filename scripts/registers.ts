// The administration's registers as CSV files (docs/deployment.md, "Offices and their PEC addresses"):
//   npm run import:offices -- FILE.csv      npm run export:offices -- FILE.csv
//   npm run import:initiatives -- FILE.csv  npm run export:initiatives -- FILE.csv
// They open the configured database like the portal does; the embedded one only while no portal runs.
import fs from 'node:fs';
import { runDatabaseCommand } from '#server/db/command-database.ts';
import { RegisterFileError } from '#server/services/registers/csv.ts';
import { exportInitiatives, importInitiatives, readInitiativeFile } from '#server/services/registers/initiatives.ts';
import { exportOffices, importOffices, readOfficeFile } from '#server/services/registers/offices.ts';

const [action, file] = process.argv.slice(2);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const command = `npm run ${action}`;
const known = ['import:offices', 'export:offices', 'import:initiatives', 'export:initiatives'];
if (!action || !known.includes(action) || !file) {
  console.error(`Usage: npm run ${action && known.includes(action) ? action : '<import|export>:<offices|initiatives>'} -- FILE.csv`);
  process.exit(2);
}
if (action.startsWith('import:') && !fs.existsSync(file)) {
  console.error(`Cannot run ${command}: no file ${file}.`);
  process.exit(1);
}

await runDatabaseCommand(command, async ({ db }) => {
  try {
    if (action === 'import:offices') {
      const report = await importOffices(db, await readOfficeFile(db, fs.readFileSync(file, 'utf8')));
      console.log(
        `${count(report.added, 'office', 'offices')} added and ${report.updated} updated, serving ${count(report.municipalities, 'municipality', 'municipalities')}${report.withoutPec ? `; ${report.withoutPec} without a PEC address receive no request until one is imported` : ''}.`,
      );
    } else if (action === 'import:initiatives') {
      const report = await importInitiatives(db, await readInitiativeFile(db, fs.readFileSync(file, 'utf8')));
      console.log(
        `${count(report.added, 'initiative', 'initiatives')} added, ${report.updated} updated and ${report.withdrawn} withdrawn (kept for the requests that name them).`,
      );
    } else {
      fs.writeFileSync(file, action === 'export:offices' ? await exportOffices(db) : await exportInitiatives(db));
      console.log(`Written to ${file}.`);
    }
  } catch (error) {
    if (!(error instanceof RegisterFileError)) throw error;
    console.error(`Nothing was imported: ${file} has ${error.problems.length} problem${error.problems.length > 1 ? 's' : ''}:`);
    for (const problem of error.problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  }
});
