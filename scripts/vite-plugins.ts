// Build-time plugins of the SPA (vite.config.ts):
//  - precompiledMessages: locales/*.json reach the browser already parsed into ICU ASTs by
//    @formatjs/cli (`formatjs compile --ast`), so react-intl's message parser is left out of the
//    bundle (the alias to `@formatjs/icu-messageformat-parser/no-parser` in vite.config.ts).
//    The JSON files stay the source of truth; tests and the server read them as they are.
//  - precompress: every text asset of the build gets .br (quality 11) and .gz (level 9) siblings,
//    which the server sends as they are (@fastify/static `preCompressed`), smaller than what it
//    could compress on the fly.
//  - prerender: after the browser build, an SSR build of src/web/entry-server.tsx renders the
//    public pages (the routes with SEO texts) in each language; the markup goes to
//    `<outDir>/.prerendered.json`, which the server puts inside #root (src/server/plugins/spa.ts)
//    so those pages paint from the HTML, before any JavaScript has run.
//  - shellChunk: what src/web/main.tsx imports statically (our modules and the shell's libraries)
//    goes into one chunk, shell-*.js, instead of a dozen small ones shared with the screens: on the
//    first page each small file cost more in response headers than in code. main.tsx itself stays
//    a small chunk: its top-level code starts the downloads, and a profiler that records where a
//    download started (Lighthouse's trace does) re-reads the whole file that code lives in.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { LANGUAGES, type Language } from '#shared/constants.ts';

const LOCALE_FILE = /[\\/]locales[\\/][a-z]{2}\.json$/;

/** `formatjs compile <file> --ast --format simple`, with the CLI of node_modules. */
export function compileMessages(file: string): string {
  const cli = path.resolve('node_modules/@formatjs/cli/bin/formatjs');
  return execFileSync(process.execPath, [cli, 'compile', file, '--ast', '--format', 'simple'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

export function precompiledMessages(): Plugin {
  return {
    name: 'suap:precompiled-messages',
    enforce: 'pre',
    load(id) {
      const file = id.split('?', 1)[0]!;
      if (!LOCALE_FILE.test(file)) return null;
      this.addWatchFile(file);
      // Still JSON: Vite's JSON plugin turns it into a module as usual.
      return compileMessages(file);
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'suap:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      for await (const file of files(outDir)) {
        // Dotfiles (.prerendered.json) are read by the server, never sent.
        if (!COMPRESSIBLE.test(file) || path.basename(file).startsWith('.')) continue;
        const content = await fs.readFile(file);
        if (content.length < MIN_BYTES) continue;
        const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
        const gz = gzipSync(content, { level: 9 });
        // A compressed copy only where it is smaller than the file itself.
        if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
      }
    },
  };
}

/** What `<outDir>/.prerendered.json` holds: language → path → the markup inside #root. */
export type PrerenderedPages = Record<Language, Record<string, string>>;
export const PRERENDERED_FILE = '.prerendered.json';
const SERVER_ENTRY = 'entry-server.tsx';

interface ServerEntry {
  prerenderedPaths(): string[];
  render(path: string, language: Language): Promise<string>;
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'suap:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the project, so the SSR bundle's bare imports resolve from node_modules.
      const serverDir = path.resolve('node_modules/.cache/suap-prerender', randomUUID());
      try {
        const { build } = await import('vite');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'error',
          build: { ssr: SERVER_ENTRY, outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
        });
        const entry = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
        const pages = {} as PrerenderedPages;
        for (const language of LANGUAGES) {
          pages[language] = {};
          for (const pagePath of entry.prerenderedPaths()) {
            const html = await entry.render(pagePath, language);
            // The server's Content-Security-Policy has no 'unsafe-inline': markup with inline
            // styles or scripts would be blocked in the browser, so it fails the build instead.
            if (/<script\b|\sstyle=/i.test(html)) throw new Error(`prerendered ${pagePath} (${language}) has an inline script or style`);
            pages[language][pagePath] = html;
          }
        }
        await fs.writeFile(path.join(outDir, PRERENDERED_FILE), JSON.stringify(pages));
      } finally {
        await fs.rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}

/** Static import closure of the given modules, as the bundler resolved them. */
function staticClosure(starts: Iterable<string>, info: (id: string) => { importedIds: readonly string[] } | null): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const module = info(id);
    if (!module) continue;
    seen.add(id);
    stack.push(...module.importedIds);
  }
  return seen;
}

/**
 * Libraries of the shell, captured with it. Others (react-aria's widgets behind its barrel file)
 * would pull in what only screens use, so they stay split automatically.
 */
const SHELL_LIBRARIES = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-intl|intl-messageformat|xstate)[\\/]/,
  /[\\/]node_modules[\\/](@formatjs[\\/][^\\/]+|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/,
  // The shell's one piece of react-aria: I18nProvider (react-aria-components re-exports it).
  /[\\/]node_modules[\\/]react-aria[\\/]dist[\\/]private[\\/](i18n[\\/](I18nProvider|useDefaultLocale|utils)|ssr[\\/]SSRProvider)\.mjs$/,
];

export function shellChunk(shellEntry: string): Plugin {
  let ssr = false;
  const shell = new Set<string>();
  return {
    name: 'suap:shell-chunk',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildEnd() {
      if (ssr) return;
      const info = (id: string) => this.getModuleInfo(id);
      const entry = path.resolve(shellEntry);
      const main = staticClosure([entry], info);
      // What the HTML entry (boot.ts) itself loads stays out: the shell chunk must not become a
      // static import of the entry, or it would load before the first paint.
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const initial = staticClosure(entries, info);
      for (const id of main) {
        if (id === entry || initial.has(id) || /\.(s?css)(\?|$)/.test(id)) continue;
        if (!id.includes(`${path.sep}node_modules${path.sep}`) || SHELL_LIBRARIES.some((library) => library.test(id))) shell.add(id);
      }
    },
    outputOptions(options) {
      if (ssr) return null;
      return {
        ...options,
        codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shell.has(id), includeDependenciesRecursively: false }] },
      };
    },
  };
}
