// A release is the built SPA plus `npm ci --omit=dev` (docs/deployment.md, "A release without build
// tools"): whatever the portal and its operator commands load at run time must come from the
// production dependencies and from the folders the container image copies. The imports are walked
// from the release's entry points with TypeScript's parser, so a devDependency the server starts
// using fails here rather than on an operator's machine.
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  imports: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** What a release runs: the portal (`npm run serve`) and the commands an operator runs beside it. */
const RELEASE_ENTRIES = ['scripts/serve.ts', 'scripts/migrate.ts', 'scripts/registers.ts', 'scripts/recover-admin.ts', 'scripts/check-node.mjs'];
const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for Node's own. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The specifiers `source` loads when it runs: type-only imports and exports are erased by Node. */
export function runtimeSpecifiers(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const callee = node.expression.getText();
      const literal = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : null;
      // import('x'), require('x'), and require.resolve(`pkg/files/${name}`) whose package is fixed.
      if ((node.expression.kind === ts.SyntaxKind.ImportKeyword || callee === 'require') && literal) found.push(literal);
      if (callee === 'require.resolve' && first) found.push(literal ?? (ts.isTemplateExpression(first) ? first.head.text : ''));
    }
    // Worker files: new URL('./worker.ts', import.meta.url).
    if (ts.isNewExpression(node) && node.expression.getText() === 'URL' && node.arguments?.length === 2) {
      const [first, second] = node.arguments;
      if (first && ts.isStringLiteral(first) && second?.getText() === 'import.meta.url') found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found.filter((specifier) => specifier !== '');
}

function resolveLocal(from: string, specifier: string): string {
  if (specifier.startsWith('#')) {
    const [alias, target] = Object.entries(packageJson.imports).find(([key]) => specifier.startsWith(key.replace(/\*$/, '')))!;
    return path.posix.normalize(target.replace(/\*$/, '') + specifier.slice(alias.length - 1));
  }
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
}

/** Every repository file and package the entries load at run time, each package with a file that imports it. */
export function runtimeGraph(entries: string[], read: (file: string) => string): { files: string[]; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|tsx|mjs|js)$/.test(file)) continue;
    for (const specifier of runtimeSpecifiers(file, read(file))) {
      if (specifier.startsWith('.') || specifier.startsWith('#')) queue.push(resolveLocal(file, specifier));
      else {
        const name = packageOf(specifier);
        if (name && !packages.has(name)) packages.set(name, file);
      }
    }
  }
  return { files: [...files].sort(), packages };
}

/** The repository paths the Containerfile's last stage copies from the build context. */
function copiedIntoImage(containerfile: string): string[] {
  const stages = containerfile.split(/^FROM /m);
  const last = stages[stages.length - 1]!;
  return [...last.matchAll(/^COPY (?!--from)(?:--\S+ )*(.+) \S+$/gm)].flatMap((match) => match[1]!.split(/\s+/)).map((source) => source.replace(/\/$/, ''));
}

const graph = runtimeGraph(RELEASE_ENTRIES, (file) => fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('a production install (npm ci --omit=dev)', () => {
  it('has every package the server and the operator commands load among the production dependencies', () => {
    expect(graph.files).toContain('src/server/main.ts');
    expect(graph.files).toContain('src/server/services/pdf/render-worker.ts');
    expect(graph.packages.size).toBeGreaterThan(20);
    const notProduction = [...graph.packages].filter(([name]) => !(name in packageJson.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(notProduction).toEqual([]);
  });

  it('brings the Node 24 runtime itself, and serves without building', () => {
    expect(packageJson.dependencies).toHaveProperty('node');
    expect(packageJson.devDependencies).not.toHaveProperty('node');
    expect(packageJson.scripts.serve).toBe('node scripts/serve.ts');
    expect(packageJson.scripts.serve).not.toMatch(/build/);
  });

  it('finds every file it loads in the folders the container image copies', () => {
    const copied = copiedIntoImage(fs.readFileSync('deploy/container/Containerfile', 'utf8'));
    expect(copied).toContain('package.json');
    const missing = graph.files.filter((file) => !copied.some((source) => file === source || file.startsWith(`${source}/`)));
    expect(missing).toEqual([]);
    // The SPA's sources and the tests stay out of the image (the built SPA comes from the build stage).
    expect(copied.filter((source) => /^(src\/web|tests|mocks|src)$/.test(source))).toEqual([]);
  });

  it('catches a devDependency, a type-only import aside, and follows aliases, workers and require.resolve', () => {
    const sources: Record<string, string> = {
      'scripts/a.ts': "import type { X } from 'vite';\nimport { y } from '#server/b.ts';\nexport type { Z } from 'vitest';",
      'src/server/b.ts': "import ts from 'typescript';\nconst w = new URL('./w.ts', import.meta.url);\nexport const y = 1;",
      'src/server/w.ts':
        "const require = createRequire(import.meta.url);\nrequire.resolve(`@fontsource/titillium-web/files/${f}`);\nawait import('node:fs');\nrequire('pg');",
    };
    const small = runtimeGraph(['scripts/a.ts'], (file) => sources[file]!);
    expect(small.files).toEqual(['scripts/a.ts', 'src/server/b.ts', 'src/server/w.ts']);
    expect([...small.packages.keys()].sort()).toEqual(['@fontsource/titillium-web', 'pg', 'typescript']);
  });
});

describe('npm run serve', () => {
  it('stops with one sentence when there is no built SPA to serve', () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'suap-serve-'));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: path.join(cwd, 'data'), PORT: '0' };
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/serve.ts')], { cwd, env, encoding: 'utf8', timeout: 60_000 });
    // It stopped before opening anything: no data folder was made, nothing was logged.
    const madeDataDir = fs.existsSync(env.DATA_DIR!);
    fs.rmSync(cwd, { recursive: true, force: true });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^Cannot start the portal: there is no built SPA in .*dist \(no index\.html\); run npm run build/)]);
    expect(madeDataDir).toBe(false);
    expect(result.stdout).toBe('');
  });
});
