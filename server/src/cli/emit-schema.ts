/**
 * Writes schema.graphql from the type-graphql resolvers, and docs/persisted-operations.json (the partners' persisted
 * operations with their hashes, graphql/persisted.ts). `--check` only compares and fails when either is stale.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/env';
import { PERSISTED_OPERATIONS } from '../graphql/persisted';
import { printSchemaSdl } from '../graphql/schema';

const outputs: [file: string, text: string][] = [
  ['schema.graphql', printSchemaSdl()],
  ['docs/persisted-operations.json', `${JSON.stringify(PERSISTED_OPERATIONS, null, 2)}\n`],
];
const check = process.argv.includes('--check');
let stale = false;
for (const [name, text] of outputs) {
  const file = path.join(PROJECT_ROOT, name);
  if (!check) {
    fs.writeFileSync(file, text);
    console.log(`wrote ${name}`);
  } else if ((fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '') !== text) {
    console.error(`${name} is stale: run \`npm run schema\` and commit it`);
    stale = true;
  } else {
    console.log(`${name} is up to date`);
  }
}
if (stale) process.exit(1);
