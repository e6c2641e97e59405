import type { CodegenConfig } from '@graphql-codegen/cli';
import path from 'node:path';

/** Typed documents for the client from schema.graphql and the .graphql operations next to the features. */
const config: CodegenConfig = {
  schema: path.join(__dirname, 'schema.graphql'),
  documents: [path.join(__dirname, 'client/src/**/*.graphql')],
  ignoreNoDocuments: false,
  generates: {
    [path.join(__dirname, 'client/src/gql/')]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { enumsAsTypes: true, useTypeImports: true, scalars: { ID: 'string' } },
    },
  },
};

export default config;
