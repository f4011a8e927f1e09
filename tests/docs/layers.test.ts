// The layers are held by the linter that `npm test` runs (eslint.config.js, docs/architecture.md
// "Layers"): each crossing below fails, each allowed import passes. A temporary file on disk is linted
// too, as `npm test`'s lint run sees it, so the rule is proved on the path a newcomer would take.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const eslint = new ESLint();
const root = path.resolve(import.meta.dirname, '../..');
const written: string[] = [];

afterEach(() => {
  for (const file of written.splice(0)) fs.rmSync(file, { force: true });
});

/** Writes `code` to a temporary file at `relative` (under the repository), lints it and removes it. */
async function lintFile(relative: string, code: string): Promise<string[]> {
  const file = path.join(root, relative);
  written.push(file);
  fs.writeFileSync(file, code);
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layers, as the linter holds them', () => {
  it.each([
    ['a machine importing the SPA', 'machines/example.ts', "import { api } from '../src/web/api/client.ts';"],
    ['a machine importing the server', 'machines/back-office/example.ts', "import { loadConfig } from '../../src/server/config.ts';"],
    ['a machine importing React', 'machines/example.ts', "import { useState } from 'react';"],
    ['a screen importing an HTTP adapter', 'src/web/screens/back-office/Example.tsx', "import { decide } from '../../api/back-office.ts';"],
    ['a screen importing the API client', 'src/web/screens/enrolment/Example.tsx', "import { client } from '../../api/client.ts';"],
    ['a component importing the failure reader of the adapters', 'src/web/components/form/Example.tsx', "import { toApiFailure } from '../../api/failure.ts';"],
    ['a list importing an adapter', 'src/web/lists/example.ts', "import { downloadPdf } from '../api/pdf.ts';"],
    ['a hook importing an adapter', 'src/web/hooks/use-example.ts', "import { searchMunicipalities } from '../api/master-data.ts';"],
    ['a machine importing an actor of the SPA', 'machines/back-office/example.ts', "import { decideActor } from '../../src/web/actors/back-office.ts';"],
    ['a component importing axios', 'src/web/components/Example.tsx', "import axios from 'axios';"],
    ['the SPA importing the server', 'src/web/app/example.ts', "import { ApiError } from '../../server/plugins/errors.ts';"],
    ['the server importing the SPA', 'src/server/routes/example.ts', "import { App } from '../../web/App.tsx';"],
    ['src/shared importing a machine', 'src/shared/example.ts', "import { authMachine } from '../../machines/auth.ts';"],
    // The same crossings through package.json's aliases (docs/architecture.md, "Imports").
    ['a machine importing the SPA by its alias', 'machines/example.ts', "import { api } from '#web/api/client.ts';"],
    ['a machine importing the server by its alias', 'machines/back-office/example.ts', "import { loadConfig } from '#server/config.ts';"],
    ['a screen importing an HTTP adapter by its alias', 'src/web/screens/back-office/Example.tsx', "import { decide } from '#web/api/back-office.ts';"],
    ['the SPA importing the server by its alias', 'src/web/app/example.ts', "import { ApiError } from '#server/plugins/errors.ts';"],
    ['the server importing the SPA by its alias', 'src/server/routes/example.ts', "import { App } from '#web/App.tsx';"],
    ['src/shared importing a machine by its alias', 'src/shared/example.ts', "import { authMachine } from '#machines/auth.ts';"],
  ])('refuses %s', async (_name, file, code) => {
    const found = await problems(file, code);
    expect(found.length).toBeGreaterThan(0);
    for (const problem of found) expect(problem).toMatch(/^no-restricted-imports: /);
  });

  it.each([
    ['a machine importing src/shared', 'machines/example.ts', "import { Timings } from '../src/shared/constants.ts';"],
    ['a screen importing its machine', 'src/web/screens/back-office/Example.tsx', "import { selectRows } from '#machines/list-query.ts';"],
    ['a screen importing the shared contract by its alias', 'src/web/screens/back-office/Example.tsx', "import { ApiPaths } from '#shared/api/paths.ts';"],
    ['an adapter importing the API client', 'src/web/api/example.ts', "import { api } from './client.ts';"],
    ['an actor importing an adapter', 'src/web/actors/example.ts', "import { decide } from '../api/back-office.ts';"],
    ['a screen importing its actors', 'src/web/screens/back-office/Example.tsx', "import { decideActor } from '../../actors/back-office.ts';"],
    ['a screen importing the shared failure type', 'src/web/screens/back-office/Example.tsx', "import type { ApiFailure } from '../../../shared/api/failure.ts';"],
    ['the SPA server-rendering with react-dom/server', 'src/web/entry-server.tsx', "import { renderToString } from 'react-dom/server';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  // The acceptance of docs/architecture.md "HTTP adapters and the failure type", as a file on disk.
  it.each([
    ['a screen importing an adapter', 'src/web/screens/enrolment/LayersProbe.tsx', "import { createRequest } from '../../api/requests.ts';\nvoid createRequest;\n"],
    ['a machine importing src/web', 'machines/layers-probe.ts', "import { createDraftLogic } from '../src/web/actors/enrolment.ts';\nvoid createDraftLogic;\n"],
    ['a machine importing src/web by its alias', 'machines/layers-probe.ts', "import { createDraftLogic } from '#web/actors/enrolment.ts';\nvoid createDraftLogic;\n"],
  ])('fails the lint run on %s', async (_name, file, code) => {
    const found = await lintFile(file, code);
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });
});
