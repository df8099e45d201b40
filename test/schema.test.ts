import fs from 'node:fs';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { schemaSdl } from '../src/graphql/schema';

describe('checked-in GraphQL artifacts', () => {
  it('schema/schema.graphql is the SDL the TypeGraphQL classes emit (run `npm run schema` when this fails)', () => {
    expect(fs.readFileSync('schema/schema.graphql', 'utf8')).toBe(schemaSdl());
  });

  it('src/generated/graphql.ts is what codegen makes from schema/ and the documents (run `npm run codegen`)', async () => {
    const { config } = await loadCodegenConfig({ configFilePath: 'codegen.yml' });
    const outputs = await generate({ ...config, silent: true }, false);
    expect(outputs).toHaveLength(1);
    expect(fs.readFileSync('src/generated/graphql.ts', 'utf8')).toBe(outputs[0].content);
  }, 60_000);
});
