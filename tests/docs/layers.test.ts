// The layers are held by the linter that `npm test` runs (eslint.config.js, docs/architecture.md
// "Layers"): each crossing below fails, each allowed import passes.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layers, as the linter holds them', () => {
  it.each([
    ['a machine importing the SPA', 'machines/example.ts', "import { api } from '../src/web/api/client.ts';"],
    ['a machine importing the server', 'machines/backOffice/example.ts', "import { loadConfig } from '../../src/server/config.ts';"],
    ['a machine importing React', 'machines/example.ts', "import { useState } from 'react';"],
    ['a screen importing an HTTP adapter', 'src/web/screens/back-office/Example.tsx', "import { deskHttp } from '../../actors/back-office-http.ts';"],
    ['a screen importing the API client', 'src/web/screens/enrolment/Example.tsx', "import { client } from '../../api/client.ts';"],
    ['a component importing axios', 'src/web/components/Example.tsx', "import axios from 'axios';"],
    ['the SPA importing the server', 'src/web/app/example.ts', "import { ApiError } from '../../server/plugins/errors.ts';"],
    ['the server importing the SPA', 'src/server/routes/example.ts', "import { App } from '../../web/App.tsx';"],
    ['src/shared importing a machine', 'src/shared/example.ts', "import { authMachine } from '../../machines/auth.ts';"],
  ])('refuses %s', async (_name, file, code) => {
    const found = await problems(file, code);
    expect(found.length).toBeGreaterThan(0);
    for (const problem of found) expect(problem).toMatch(/^no-restricted-imports: /);
  });

  it.each([
    ['a machine importing src/shared', 'machines/example.ts', "import { Timings } from '../src/shared/constants.ts';"],
    ['a screen importing its machine', 'src/web/screens/back-office/Example.tsx', "import { selectRows } from '../../../../machines/listQuery.ts';"],
    ['an adapter importing the API client', 'src/web/actors/example-http.ts', "import { client } from '../api/client.ts';"],
    ['the SPA server-rendering with react-dom/server', 'src/web/entry-server.tsx', "import { renderToString } from 'react-dom/server';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
