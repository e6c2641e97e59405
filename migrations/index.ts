import { Migration20261126153347 } from './Migration20261126153347';
import { Migration20261126150000 } from './Migration20261126150000';
import { Migration20261126144740 } from './Migration20261126144740';
import { Migration20261126123515 } from './Migration20261126123515';
import { Migration20261126114835 } from './Migration20261126114835';
import { Migration20261125220000 } from './Migration20261125220000';
import { Migration20261125230000 } from './Migration20261125230000';
import { Migration20261125240000 } from './Migration20261125240000';
import { Migration20261126010000 } from './Migration20261126010000';
import { Migration20261126020000 } from './Migration20261126020000';
import { Migration20261126030000 } from './Migration20261126030000';
import { Migration20261126040000 } from './Migration20261126040000';
import { Migration20261126050000 } from './Migration20261126050000';
import { Migration20261125210000 } from './Migration20261125210000';
import { Migration20261125200000 } from './Migration20261125200000';
import { Migration20261125190000 } from './Migration20261125190000';
import { Migration20261124101924 } from './Migration20261124101924';
import { Migration20261123113226 } from './Migration20261123113226';
import { Migration20261123124500 } from './Migration20261123124500';
import { Migration20261123124600 } from './Migration20261123124600';
import { Migration20261123100136 } from './Migration20261123100136';
import { Migration20261123075602 } from './Migration20261123075602';
import { Migration20261123074956 } from './Migration20261123074956';
import { Migration20261123073737 } from './Migration20261123073737';
import { Migration20261123065142 } from './Migration20261123065142';
import { Migration20261123063106 } from './Migration20261123063106';
import { Migration20261123014504 } from './Migration20261123014504';
import { Migration20261123013954 } from './Migration20261123013954';
import { Migration20261123012727 } from './Migration20261123012727';
import { Migration20261123004613 } from './Migration20261123004613';
import { Migration20261123003814 } from './Migration20261123003814';
import { Migration20261123000659 } from './Migration20261123000659';
import { Migration20261122234555 } from './Migration20261122234555';
import { Migration20261122173805 } from './Migration20261122173805';
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122162334 } from './Migration20261122162334';

/**
 * Every migration, in order. Listed explicitly so the same code runs from TypeScript sources and the compiled
 * build; a test fails when a migration file in this folder is missing here.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122162334', class: Migration20261122162334 },
  { name: 'Migration20261122173805', class: Migration20261122173805 },
  { name: 'Migration20261122234555', class: Migration20261122234555 },
  { name: 'Migration20261123000659', class: Migration20261123000659 },
  { name: 'Migration20261123003814', class: Migration20261123003814 },
  { name: 'Migration20261123004613', class: Migration20261123004613 },
  { name: 'Migration20261123012727', class: Migration20261123012727 },
  { name: 'Migration20261123013954', class: Migration20261123013954 },
  { name: 'Migration20261123014504', class: Migration20261123014504 },
  { name: 'Migration20261123063106', class: Migration20261123063106 },
  { name: 'Migration20261123065142', class: Migration20261123065142 },
  { name: 'Migration20261123073737', class: Migration20261123073737 },
  { name: 'Migration20261123074956', class: Migration20261123074956 },
  { name: 'Migration20261123075602', class: Migration20261123075602 },
  { name: 'Migration20261123100136', class: Migration20261123100136 },
  { name: 'Migration20261123113226', class: Migration20261123113226 },
  { name: 'Migration20261123124500', class: Migration20261123124500 },
  { name: 'Migration20261123124600', class: Migration20261123124600 },
  { name: 'Migration20261124101924', class: Migration20261124101924 },
  { name: 'Migration20261125190000', class: Migration20261125190000 },
  { name: 'Migration20261125200000', class: Migration20261125200000 },
  { name: 'Migration20261125210000', class: Migration20261125210000 },
  { name: 'Migration20261125220000', class: Migration20261125220000 },
  { name: 'Migration20261125230000', class: Migration20261125230000 },
  { name: 'Migration20261125240000', class: Migration20261125240000 },
  { name: 'Migration20261126010000', class: Migration20261126010000 },
  { name: 'Migration20261126020000', class: Migration20261126020000 },
  { name: 'Migration20261126030000', class: Migration20261126030000 },
  { name: 'Migration20261126040000', class: Migration20261126040000 },
  { name: 'Migration20261126050000', class: Migration20261126050000 },
  { name: 'Migration20261126114835', class: Migration20261126114835 },
  { name: 'Migration20261126123515', class: Migration20261126123515 },
  { name: 'Migration20261126144740', class: Migration20261126144740 },
  { name: 'Migration20261126150000', class: Migration20261126150000 },
  { name: 'Migration20261126153347', class: Migration20261126153347 },
];
