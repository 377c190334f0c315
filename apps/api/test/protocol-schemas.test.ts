import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { protocolJsonSchemas } from '@armature/domain';

/**
 * docs/protocol holds a JSON Schema file per machine-job payload, generated from the domain's zod schemas
 * so a machine maker reads the contract the API enforces. Regenerate after changing them:
 *   UPDATE_PROTOCOL_SCHEMAS=1 npx vitest run apps/api/test/protocol-schemas.test.ts
 */
describe('docs/protocol', () => {
  it('holds the JSON Schema files generated from the protocol’s schemas', async () => {
    for (const [name, schema] of Object.entries(protocolJsonSchemas())) {
      const path = new URL(`../../../docs/protocol/${name}`, import.meta.url);
      const text = await format(JSON.stringify(schema), {
        ...(await resolveConfig(path.pathname)),
        filepath: path.pathname,
      });
      if (process.env.UPDATE_PROTOCOL_SCHEMAS) writeFileSync(path, text);
      expect(readFileSync(path, 'utf8'), `docs/protocol/${name} is stale: regenerate it (see above)`).toBe(text);
    }
  });
});
