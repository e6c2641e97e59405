/**
 * Writes schema.graphql from the type-graphql resolvers.  `--check` only compares and fails when it is stale.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/env';
import { printSchemaSdl } from '../graphql/schema';

const file = path.join(PROJECT_ROOT, 'schema.graphql');
const sdl = printSchemaSdl();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== sdl) {
    console.error('schema.graphql is stale: run `npm run schema` and commit it');
    process.exit(1);
  }
  console.log('schema.graphql is up to date');
} else {
  fs.writeFileSync(file, sdl);
  console.log('wrote schema.graphql');
}
