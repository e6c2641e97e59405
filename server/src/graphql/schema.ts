import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { AUTH_CHECKER, RESOLVERS } from '../config/manifests';

let schema: GraphQLSchema | undefined;

/** The executable schema (built once per process). */
export function getSchema(): GraphQLSchema {
  schema ??= buildSchemaSync({
    resolvers: RESOLVERS,
    validate: false,
    emitSchemaFile: false,
    authChecker: AUTH_CHECKER,
    authMode: 'error',
  });
  return schema;
}

/** The committed `schema.graphql` text: sorted, so diffs only show real changes. */
export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(getSchema()))}\n`;
}
