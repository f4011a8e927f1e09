// HTTP happens only in the adapters of src/web/api, called by the actors the machines invoke
// (src/web/actors; docs/architecture.md "HTTP adapters and the failure type"): no file under
// src/web/screens, src/web/components, src/web/lists or src/web/hooks imports axios or anything of
// src/web/api, loads it lazily, or calls fetch.
// A static scan of the sources: an import line or a fetch( call is enough to fail, whatever the
// code around it does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src/web/screens', 'src/web/components', 'src/web/lists', 'src/web/hooks'];

function sourcesUnder(dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

/** What a source does that only an adapter may: the offending lines, described. */
export function httpUses(source: string): string[] {
  const found: string[] = [];
  // Static imports and re-exports, dynamic import() and require() of the client or axios.
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  for (const specifier of specifiers) {
    if (specifier === 'axios' || specifier.startsWith('axios/')) found.push(`imports ${specifier}`);
    // src/web/api as these folders reach it: only `..` steps, then api/ (not src/shared/api).
    if (/^(?:\.{1,2}\/)+api(?:\/|$)/.test(specifier)) found.push(`imports an HTTP adapter (${specifier})`);
  }
  // fetch( as a call (not a word in a comment such as "fetched"): window.fetch, globalThis.fetch, fetch.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  if (/(^|[^\w.$])(?:window\.|globalThis\.|self\.)?fetch\s*\(/m.test(code)) found.push('calls fetch');
  if (/\bXMLHttpRequest\b/.test(code)) found.push('uses XMLHttpRequest');
  return found;
}

describe('no HTTP in screens, components or lists', () => {
  const files = SCANNED.flatMap(sourcesUnder);

  it('scans the screens, components and lists', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('recognises each way a file could reach the network', () => {
    expect(httpUses("import { api } from '../../api/client.ts';")).toEqual(['imports an HTTP adapter (../../api/client.ts)']);
    expect(httpUses("const { api } = await import('../../../api/client.ts');")).toEqual(['imports an HTTP adapter (../../../api/client.ts)']);
    expect(httpUses("import axios from 'axios';")).toEqual(['imports axios']);
    expect(httpUses("import { isAxiosError } from 'axios';")).toEqual(['imports axios']);
    expect(httpUses('const response = await fetch(url);')).toEqual(['calls fetch']);
    expect(httpUses('window.fetch(url)')).toEqual(['calls fetch']);
    expect(httpUses('// the sizes are fetched by the adapter\nconst x = refetch;')).toEqual([]);
    expect(httpUses("import { listOwnRequests } from '../../api/requests.ts';")).toEqual(['imports an HTTP adapter (../../api/requests.ts)']);
    expect(httpUses("const { getRequest } = await import('../api/requests');")).toEqual(['imports an HTTP adapter (../api/requests)']);
    expect(httpUses("export { downloadPdf } from '../api/pdf.ts';")).toEqual(['imports an HTTP adapter (../api/pdf.ts)']);
    expect(httpUses("import { loadOwnCards } from '../../actors/private-area.ts';")).toEqual([]);
    expect(httpUses("import type { ApiFailure } from '../../../shared/api/failure.ts';")).toEqual([]);
    expect(httpUses("import { DraftActor } from '../../enrolment/machines.ts';")).toEqual([]);
  });

  it('finds none: every call is an adapter of src/web/api, reached through src/web/actors', () => {
    const offending = files.flatMap((file) => httpUses(fs.readFileSync(path.join(root, file), 'utf8')).map((use) => `${file}: ${use}`));
    expect(offending).toEqual([]);
  });
});
