// The committed API description must match the routes: a stale docs/api/openapi.json, or types in
// docs/api/openapi.d.ts that no longer follow it, fail under CI (`npm run openapi` regenerates both).
import fs from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateOpenApi, generateTypes } from '#scripts/openapi.ts';

it('docs/api/openapi.json matches the route schemas', async () => {
  await expect(await generateOpenApi()).toMatchFileSnapshot('../../docs/api/openapi.json');
}, 60_000);

it('docs/api/openapi.d.ts is what openapi-typescript generates from the committed document', async () => {
  const document = await fs.readFile(new URL('../../docs/api/openapi.json', import.meta.url), 'utf8');
  await expect(await generateTypes(document)).toMatchFileSnapshot('../../docs/api/openapi.d.ts');
}, 60_000);
