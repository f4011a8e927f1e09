// `npm run recover:admin`: lets the administrator BOOTSTRAP_ADMIN_* names back into a locked-out
// back office (docs/deployment.md "Locked out of the back office"), re-activating their staff
// account or creating it (src/server/services/back-office/recover-admin.ts). It reads the same
// configuration as the portal; the embedded database is opened only while no portal runs on it.
import type { Config } from '#server/config.ts';
import { runDatabaseCommand } from '#server/db/command-database.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { recoverAdministrator, RecoveryRefusedError, type RecoveryOutcome } from '#server/services/back-office/recover-admin.ts';

export const COMMAND = 'npm run recover:admin';

const SAID: Record<RecoveryOutcome, string> = {
  created: 'created as an active administrator',
  reactivated: 'made an active administrator again',
  unchanged: 'already an active administrator: nothing changed',
};

/** Recovers the configured administrator and says what was done, in one sentence without personal data. */
export async function recoverAdmin(database: DatabaseHandle, config: Config): Promise<string> {
  if (!config.bootstrapAdmin) {
    throw new RecoveryRefusedError(
      'set BOOTSTRAP_ADMIN_FISCAL_CODE, BOOTSTRAP_ADMIN_FIRST_NAME and BOOTSTRAP_ADMIN_LAST_NAME to the administrator to let back in.',
    );
  }
  const { outcome, userId } = await recoverAdministrator(database.db, config.bootstrapAdmin);
  return `The staff account of BOOTSTRAP_ADMIN_FISCAL_CODE (user ${userId}) was ${SAID[outcome]}.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await runDatabaseCommand(COMMAND, async (database, config) => console.log(await recoverAdmin(database, config)));
  } catch (error) {
    if (!(error instanceof RecoveryRefusedError)) throw error;
    console.error(`Cannot run ${COMMAND}: ${error.message}`);
    process.exitCode = 1;
  }
}
