#!/usr/bin/env node
/**
 * Keeps the decision records and their index true (issue 53, item 8): fails when a file of docs/decisions/ is not
 * in docs/architecture.md's list, when the list names a file that does not exist, or when a record lacks, right
 * under its title (blank lines between allowed), the three lines
 *
 *   Status: Accepted | Superseded by NNN | Amended by NNN[, NNN] (anything may follow: a parenthesis, a note)
 *   Date: YYYY-MM-DD
 *   Supersedes: none | NNN[, NNN]
 *
 *   node scripts/check-decisions.js
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dir = path.join(root, 'docs', 'decisions');
const index = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');

const NUMBERS = String.raw`\d{3}(?:, \d{3})*`;
const HEADER = [
  new RegExp(String.raw`^Status: (?:Accepted|Superseded by ${NUMBERS}|Amended by ${NUMBERS})\b`),
  /^Date: \d{4}-\d{2}-\d{2}$/,
  new RegExp(String.raw`^Supersedes: (?:none|${NUMBERS})$`),
];

const files = fs.readdirSync(dir).filter((name) => name.endsWith('.md'));
const listed = [...index.matchAll(/\]\(decisions\/([^)]+\.md)\)/g)].map((m) => m[1]);
const problems = [];

for (const name of files) {
  if (!listed.includes(name)) problems.push(`${name} is not listed in docs/architecture.md`);
  const lines = fs.readFileSync(path.join(dir, name), 'utf8').split('\n');
  if (!lines[0].startsWith('# ')) problems.push(`${name}: the first line is its title ("# NNN — …")`);
  let at = 1;
  while (lines[at] === '') at++;
  HEADER.forEach((pattern, i) => {
    const line = lines[at + i] ?? '';
    if (!pattern.test(line)) problems.push(`${name}, line ${at + i + 1}: "${line}" should match ${pattern}`);
    // Every decision these lines name exists.
    for (const [number] of line.match(/^(Status|Supersedes):/) ? line.matchAll(/\b\d{3}\b/g) : []) {
      if (!files.some((file) => file.startsWith(`${number}-`))) {
        problems.push(`${name}, line ${at + i + 1}: names decision ${number}, which does not exist`);
      }
    }
  });
}
for (const name of listed) {
  if (!files.includes(name))
    problems.push(`docs/architecture.md lists decisions/${name}, which does not exist`);
}
const duplicates = listed.filter((name, i) => listed.indexOf(name) !== i);
for (const name of new Set(duplicates)) problems.push(`docs/architecture.md lists decisions/${name} twice`);

if (problems.length) {
  console.error(`${problems.length} problem(s) with the decision records:`);
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log(`${files.length} decision records, each listed and headed Status / Date / Supersedes`);
