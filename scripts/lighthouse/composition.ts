// What the JavaScript a page loads is made of: a build plugin records, for every chunk, how many of
// its bytes each package (or our own code) renders and how well they compress, and the chunk's
// gzip size; a page's scripts are then split by package in proportion (an estimate within a few
// percent: compressed together, parts share some redundancy). The report
// shows it beside "JavaScript before interaction", so the part the design's own libraries take is
// a figure, not an impression (docs/performance.md "Lighthouse").
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The groups the report names: the design card's libraries one by one, then what else ships. */
const GROUPS: [RegExp, string][] = [
  [/node_modules\/(react-dom|scheduler)\//, 'react-dom'],
  [/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//, 'react-router'],
  [/node_modules\/(xstate|@xstate)\//, 'xstate'],
  [/node_modules\/(react-intl|@formatjs|intl-messageformat)\//, 'react-intl'],
  [/node_modules\/axios\//, 'axios'],
  [
    /node_modules\/(react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc\/helpers|client-only|clsx|use-sync-external-store)\//,
    'react-aria',
  ],
  [/node_modules\/(yup|property-expr|tiny-case|toposort)\//, 'yup'],
  [/node_modules\/dayjs\//, 'dayjs'],
  [/node_modules\/oidc-client-ts\//, 'oidc-client-ts'],
  [/node_modules\/react\//, 'react'],
  [/src\/web\/locales\/|\/locales\//, 'message catalogue'],
  [/\/machines\//, 'our machines'],
  [/\/src\/(web|shared)\//, 'our screens and shell'],
];

/** The design card's libraries: what any page of this design carries whatever we write. */
export const DESIGN_LIBRARIES = ['react-dom', 'react', 'react-router', 'xstate', 'react-intl', 'axios'];

const groupOf = (id: string): string => {
  const path = id.replaceAll('\\', '/');
  return GROUPS.find(([pattern]) => pattern.test(path))?.[1] ?? (path.includes('node_modules/') ? 'other libraries' : 'build runtime');
};

/** Chunk file name (without folders) → group → estimated gzip bytes. */
export type Composition = Map<string, Map<string, number>>;

/** The plugin and the composition it fills once the build has written its chunks. */
export function compositionRecorder(): { plugin: Plugin; composition: Composition } {
  const composition: Composition = new Map();
  const plugin: Plugin = {
    name: 'suap:composition',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // Each group's code compressed on its own says how well it compresses; the chunk's real
        // gzip size is then shared in proportion (compressed apart, the groups lose a little of the
        // redundancy they share, so the sum of the parts is a little larger than the chunk).
        const code = new Map<string, string[]>();
        const rendered = new Map<string, number>();
        for (const [id, info] of Object.entries(chunk.modules)) {
          const group = groupOf(id);
          rendered.set(group, (rendered.get(group) ?? 0) + info.renderedLength);
          if (info.code) code.set(group, [...(code.get(group) ?? []), info.code]);
        }
        // Without every group's code (a build that does not keep it), the rendered lengths alone.
        const compressed = [...rendered].every(([group, length]) => length === 0 || code.has(group));
        const weight = new Map([...rendered].map(([group, length]) => [group, compressed ? gzipSync(code.get(group)?.join('\n') ?? '').length : length]));
        const total = [...weight.values()].reduce((a, b) => a + b, 0);
        const gzip = gzipSync(chunk.code).length;
        const shares = new Map<string, number>();
        for (const [group, bytes] of weight) if (rendered.get(group)! > 0) shares.set(group, total ? (gzip * bytes) / total : 0);
        composition.set(chunk.fileName.split('/').pop()!, shares);
      }
    },
  };
  return { plugin, composition };
}

/** A page's scripts (file names) split by group, largest first (gzip bytes). */
export function pageComposition(composition: Composition, files: string[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const file of new Set(files)) {
    for (const [group, bytes] of composition.get(file) ?? new Map([['unattributed', 0]])) sums.set(group, (sums.get(group) ?? 0) + bytes);
  }
  return [...sums].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]);
}
