import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { mkdirs } from '../src/common/fs';
import { embeddedClusterDir, startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { freePort } from './processes';

/**
 * A PostgreSQL primary and a hot standby streaming from it, both the embedded PostgreSQL's binaries on free ports
 * (as the `postgres` user when run as root): the primary is made, stopped cleanly and copied (a cold copy is a
 * consistent base backup), and the copy starts in standby mode with `primary_conninfo` pointing at the primary.
 * Everything written to the primary afterwards (the store's migrations, its seed) streams to the standby.
 */
export interface ReplicaPair {
  primary: EmbeddedDatabase;
  standby: EmbeddedDatabase;
  /** A connection to the standby (pause and resume replay, ask its position). */
  standbyClient(): Promise<Client>;
  stop(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined };

export async function startPrimaryAndStandby(): Promise<ReplicaPair> {
  const primaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-primary-'));
  const standbyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-standby-'));
  const primaryPort = await freePort();
  const first = await startEmbeddedDatabase({ dataDir: primaryDir, port: primaryPort, log: quiet });
  await first.stop();

  const from = first.dataDir;
  const to = embeddedClusterDir(standbyDir);
  mkdirs(path.dirname(to));
  execFileSync('cp', ['-a', from, to]); // owner and modes kept (the postgres user's, as root)
  const password = fs.readFileSync(path.join(primaryDir, 'pg-password'), 'utf8').trim();
  fs.copyFileSync(path.join(primaryDir, 'pg-password'), path.join(standbyDir, 'pg-password'));
  const owner = fs.statSync(to);
  const signal = path.join(to, 'standby.signal');
  fs.writeFileSync(signal, '');
  fs.chownSync(signal, owner.uid, owner.gid);
  fs.appendFileSync(
    path.join(to, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=${password} application_name=standby'\n`,
  );

  const primary = await startEmbeddedDatabase({ dataDir: primaryDir, port: primaryPort, log: quiet });
  let standby: EmbeddedDatabase;
  try {
    standby = await startEmbeddedDatabase({ dataDir: standbyDir, port: await freePort(), log: quiet });
  } catch (err) {
    await primary.stop();
    throw err;
  }
  const standbyClient = async () => {
    const client = new Client({ connectionString: standby.url });
    await client.connect();
    return client;
  };
  // Streaming once the primary lists it.
  const check = new Client({ connectionString: primary.url });
  await check.connect();
  try {
    for (let i = 0; ; i++) {
      const { rows } = await check.query(
        `select state from pg_stat_replication where application_name = 'standby'`,
      );
      if (rows[0]?.state === 'streaming') break;
      if (i > 300) throw new Error('the standby does not stream from the primary');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await check.end();
  }
  return {
    primary,
    standby,
    standbyClient,
    async stop() {
      await standby.stop();
      await primary.stop();
      for (const dir of [standby.dataDir, primary.dataDir, standbyDir, primaryDir]) {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
