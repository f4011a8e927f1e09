// The layers of the house, held by the linter (docs/architecture.md, "Layers"): machines see only
// src/shared; the SPA and the server never import each other; screens, components and lists never
// reach HTTP (the adapters of src/web/api, called only by the actors of src/web/actors that machines
// are provided with); src/shared imports nothing of ours. `npm test` runs it, so a crossing fails the run.
import tseslint from 'typescript-eslint';

/**
 * Import specifiers that reach an area of ours: through its package.json alias (#web/…, #server/…,
 * #machines/…, #shared/…; docs/architecture.md "Imports"), or a relative path through a folder of
 * that name (a package such as react-dom/server is not one).
 */
const into = (folder) => `^(?:#${folder}/|\\.{1,2}/(?:[^'"]*/)?${folder}(?:/|$))`;
const HTTP_CLIENT = ['axios', 'axios/*'];
/**
 * src/web/api, the HTTP adapters, as a screen, component, list or hook reaches it: its alias #web/api/,
 * or a relative path made only of `..` (or `.`) steps then `api/` (src/shared/api is not it).
 */
const WEB_API = '^(?:#web/api/|(?:\\.{1,2}/)+api(?:/|$))';

const restrict = (files, groups) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: groups.flatMap(({ folders = [], regexes = [], group = [], message }) => [
          ...folders.map((folder) => ({ regex: into(folder), message })),
          ...regexes.map((regex) => ({ regex, message })),
          ...(group.length > 0 ? [{ group, message }] : []),
        ]),
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'docs/**', 'coverage/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    // Registered so that the disable comments naming its rules resolve; its rules are not switched on.
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  restrict(
    ['machines/**'],
    [
      { folders: ['web', 'server'], message: 'Machines import only src/shared (and each other): side effects reach them as provided actors.' },
      {
        group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', ...HTTP_CLIENT],
        message: 'Machines are pure: no React, router or HTTP client.',
      },
    ],
  ),
  restrict(['src/shared/**'], [{ folders: ['machines', 'web', 'server'], message: 'src/shared is imported by both sides and imports nothing of ours.' }]),
  restrict(['src/server/**'], [{ folders: ['web'], message: 'The server never imports the SPA.' }]),
  restrict(['src/web/**'], [{ folders: ['server'], message: 'The SPA never imports the server: what both need lives in src/shared.' }]),
  restrict(
    ['src/web/screens/**', 'src/web/components/**', 'src/web/lists/**', 'src/web/hooks/**'],
    [
      { folders: ['server'], message: 'The SPA never imports the server: what both need lives in src/shared.' },
      {
        regexes: [WEB_API],
        group: HTTP_CLIENT,
        message:
          'Screens render machine state and send events: HTTP belongs in the adapters of src/web/api, called by the actors machines invoke (src/web/actors).',
      },
    ],
  ),
);
