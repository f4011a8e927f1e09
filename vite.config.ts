import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mockMode } from './scripts/mock-mode.ts';
import { precompiledMessages, precompress, prerender, shellChunk } from './scripts/vite-plugins.ts';

/** Tree shaking of src/shared's typebox schemas (see build.rolldownOptions below). */
const SIDE_EFFECT_FREE = /[\\/](src[\\/]shared|node_modules[\\/]typebox)[\\/]/;
const TYPEBOX_BUILDERS = ['Array', 'Boolean', 'Enum', 'Integer', 'Literal', 'Null', 'Object', 'Optional', 'Record', 'String', 'Union', 'Unknown'];

/**
 * react-aria's strings (a screen reader's "3 options available", a dialog's "Dismiss"…) come in 34
 * locales, every one bundled with each component that speaks; the portal speaks Italian and
 * English only (I18nProvider gets 'it' or 'en', matched by language to it-IT and en-US, en-US being
 * the fallback). Each package's intlStrings module keeps those two; ~1 KB compressed per component
 * on every screen that uses react-aria (issue #17.3). Rewritten at build, the sources untouched.
 */
const REACT_ARIA_LOCALES = ['it-IT', 'en-US'];
const INTL_STRINGS = /[\\/]node_modules[\\/](react-aria|react-aria-components|react-stately)[\\/]dist[\\/].*intlStrings\.mjs$/;
const LOCALE_IMPORT = /^import (\S+) from "[^"]*[\/]([a-z]{2}-[A-Z]{2})\.mjs";$/gm;
const LOCALE_ENTRY = /^\s*"([a-z]{2}-[A-Z]{2})": \S+?,?$/gm;

function reactAriaLocales(): Plugin {
  return {
    name: 'suap:react-aria-locales',
    apply: 'build',
    transform(code, id) {
      if (!INTL_STRINGS.test(id)) return null;
      const kept = (line: string, locale: string) => (REACT_ARIA_LOCALES.includes(locale) ? line : '');
      const trimmed = code.replace(LOCALE_IMPORT, (line, _name: string, locale: string) => kept(line, locale)).replace(LOCALE_ENTRY, kept);
      const entries = [...trimmed.matchAll(LOCALE_ENTRY)].map((match) => match[1]);
      // A package laid out differently from what this expects fails the build instead of losing strings.
      if (entries.length !== REACT_ARIA_LOCALES.length)
        this.error(`${id}: expected the locales ${REACT_ARIA_LOCALES.join(', ')}, kept ${entries.join(', ') || 'none'}`);
      return { code: trimmed, map: null };
    },
  };
}

/**
 * react-aria reads the browser's language when its module is evaluated (useDefaultLocale.mjs) and
 * checks that it is a well-formed language tag with `Intl.DateTimeFormat.supportedLocalesOf`,
 * inside a try/catch, ignoring the result: only a RangeError matters. Being the first Intl call of
 * the page, that call made V8 build its whole list of available locales inside the shell's
 * evaluation (~30 ms of a 140 ms task at 4x CPU in a trace of the home page) whenever the shell
 * arrived before boot.ts's Intl warm-up had got that far. `Intl.getCanonicalLocales` throws the
 * same RangeError for the same tags and needs no locale data.
 */
const DEFAULT_LOCALE = /[\\/]node_modules[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useDefaultLocale\.mjs$/;

function reactAriaLocaleCheck(): Plugin {
  return {
    name: 'suap:react-aria-locale-check',
    apply: 'build',
    transform(code, id) {
      if (!DEFAULT_LOCALE.test(id)) return null;
      const checked = code.replace('Intl.DateTimeFormat.supportedLocalesOf([', 'Intl.getCanonicalLocales([');
      if (checked === code) this.error(`${id}: the locale check this plugin rewrites is not there any more`);
      return { code: checked, map: null };
    },
  };
}

/**
 * The machines' `description`s (of states, transitions, guards and actions) are their documentation:
 * the diagrams, the legend and the model tests read them from the sources (scripts/diagrams.ts,
 * tests/), and nothing in the browser does. A production build leaves the string literals out
 * (~1 KB compressed in the shell, as much in the enrolment's machines; issue #17.3); a description
 * computed from something else (DESCRIPTION[name]) is kept as it is.
 */
const MACHINE_SOURCE = /[\\/]machines[\\/][^\\]*\.ts$/;
const DESCRIPTION_LITERAL = /\bdescription:(\s*)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g;

function machineDescriptionsLeftOut(): Plugin {
  return {
    name: 'suap:machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_SOURCE.test(id) || id.includes('node_modules')) return null;
      return { code: code.replace(DESCRIPTION_LITERAL, "description:$1''"), map: null };
    },
  };
}

// The SPA lives in src/web; `npm run build` writes it to dist/, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Messages arrive precompiled (ICU ASTs), so react-intl's parser is not shipped; every text
  // asset also gets .br and .gz copies for the server to send as they are, and the public pages are
  // prerendered for the server to send with their content (scripts/vite-plugins.ts).
  // `--mode mock` (npm run dev:mock): the dev server runs the SPA on msw's mocks alone (scripts/mock-mode.ts).
  // react-aria's strings are cut to the portal's two languages, its locale check needs no locale
  // data, and the machines' descriptions are left out (reactAriaLocales, reactAriaLocaleCheck,
  // machineDescriptionsLeftOut above).
  plugins: [
    react(),
    reactAriaLocales(),
    reactAriaLocaleCheck(),
    machineDescriptionsLeftOut(),
    precompiledMessages(),
    shellChunk('src/web/main.tsx'),
    prerender(),
    precompress(),
    mockMode(),
  ],
  resolve: {
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  css: {
    // Bootstrap Italia's SCSS still uses Sass features that Dart Sass reports as deprecated.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'legacy-js-api'] } },
  },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Vite's modulepreload polyfill (~0.3 KB gzip in the entry every page loads) only helps browsers
    // without <link rel="modulepreload"> (Safari before 17, Firefox before 115), where the
    // app's chunks then load as their imports reach them instead of side by side: they still load.
    modulePreload: { polyfill: false },
    // src/shared defines its API schemas with typebox at module level; the shell imports constants
    // from those modules but no schema. Declaring src/shared and typebox free of side effects,
    // `Type.*()` pure and property reads harmless lets the unused schemas, and typebox with them
    // (~16 KB compressed), drop out of the first download; screens that validate still load them.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
        // listQuerySchema (src/shared/api/list-query.ts) only assembles a Type.Object: the list
        // schemas it builds at module level (back office, master data) drop out with the rest.
        manualPureFunctions: ['Type', ...TYPEBOX_BUILDERS.map((name) => `Type.${name}`), 'listQuerySchema'],
        propertyReadSideEffects: false,
      },
    },
  },
  server: {
    // `vite` dev server for front-end work; the API runs on the Fastify server.
    proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000' },
  },
});
