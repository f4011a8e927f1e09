// The committed API description must match the routes: a stale docs/api/openapi.json fails under CI.
import { expect, it } from 'vitest';
import { generateOpenApi } from '../../scripts/openapi.ts';

it('docs/api/openapi.json matches the route schemas', async () => {
  await expect(await generateOpenApi()).toMatchFileSnapshot('../../docs/api/openapi.json');
}, 60_000);
