import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

/**
 * src/api/schema.d.ts is generated from the server's OpenAPI document (web/openapi.json, written
 * by `go run ./cmd/ladder openapi`). Regenerate it with `npm run gen:api` when this fails.
 */
describe('generated API types', () => {
  it('match openapi.json', async () => {
    const spec = join(__dirname, '../../openapi.json');
    // Same call and header as the openapi-typescript CLI (bin/cli.js) with the flags of `gen:api`
    // (--default-non-nullable false: a field with a default stays optional in request types).
    const generated =
      COMMENT_HEADER + astToString(await openapiTS(pathToFileURL(spec), { silent: true, defaultNonNullable: false }));
    const committed = readFileSync(join(__dirname, 'schema.d.ts'), 'utf8');
    expect(committed === generated, 'src/api/schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  }, 30_000);
});
