import type { CodegenConfig } from '@graphql-codegen/cli';
import path from 'node:path';

const config = { enumsAsTypes: true, useTypeImports: true, scalars: { ID: 'string' }, dedupeFragments: true };

/**
 * Typed documents for the client from schema.graphql and the .graphql operations next to the features.
 * Each `feature/graphql/x.graphql` gets its own `x.generated.ts` (operation types and documents), so a page's
 * chunk carries only its own documents (decision 019). Each file also declares the input and enum types its
 * operations use, so it needs no shared schema-types module.
 */
const codegen: CodegenConfig = {
  schema: path.join(__dirname, 'schema.graphql'),
  documents: [path.join(__dirname, 'client/src/**/*.graphql')],
  ignoreNoDocuments: false,
  generates: {
    [path.join(__dirname, 'client/src/')]: {
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      config,
    },
  },
};

export default codegen;
