// Where each registered machine is written, for the pages' source links: machines/registry.ts
// imports every `<id>MachineInfo` from its machine's file, so the registry is the one map of ids to
// files (file names are kebab-case, ids camelCase: docs/architecture.md "Names").
import fs from 'node:fs';

const registry = fs.readFileSync(new URL('../../machines/registry.ts', import.meta.url), 'utf8');

/**
 * The repository path of machine `id`'s source file (e.g. machines/back-office/decision.ts); a machine
 * the registry does not list (a test's) is taken to be named after its id, in kebab case.
 */
export function sourceOf(id: string): string {
  const match = new RegExp(`import \\{[^}]*\\b${id}MachineInfo\\b[^}]*\\} from '\\./([^']+)'`).exec(registry);
  return `machines/${match ? match[1] : `${id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.ts`}`;
}
