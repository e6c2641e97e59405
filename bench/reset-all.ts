/**
 * Times PUT /api/admin/user/reset-all-passwords with N users (default 100,000) through the real app.
 *   npm run bench:reset-all -- [--users 100000]
 * Scratch database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432); prints figures.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { CSRF } from '../domain/constants';
import { createApp } from '../server/src/app';
import { createDatabase, dropDatabase } from '../server/src/db/admin';
import { initOrm, migrate } from '../server/src/db/orm';
import { hashPassword } from '../server/src/modules/auth/password';

async function main() {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' } } });
  const users = Number(values.users);
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `axl_reset_${process.pid}`;
  const url = await createDatabase(server, name);
  const orm = await initOrm({ clientUrl: url, poolMax: 4 });
  try {
    await migrate(orm);
    const db = orm.em.getConnection();
    const hash = await hashPassword('Bench-Admin-1!');
    let started = Date.now();
    await db.execute(
      `insert into app_user (email, password_hash, first_name, last_name)
       select 'user' || i || '@bench.example', ?, 'User', 'N' || i from generate_series(1, ?) i`,
      [hash, users - 1],
    );
    await db.execute(
      `insert into app_user (email, password_hash, first_name, last_name, role) values ('admin@bench.example', ?, 'Ad', 'Min', 100)`,
      [hash],
    );
    console.log(`${users} users created in ${Date.now() - started} ms`);

    const { app, close } = await createApp({
      orm,
      log: pino({ level: 'silent' }),
      sessionSecret: 'b'.repeat(40),
    });
    const http = app.listen(0);
    await new Promise((r) => http.once('listening', r));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const csrf = ((await (await fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${CSRF.cookieName}=${csrf}`,
        [CSRF.header]: csrf,
      },
      body: JSON.stringify({ email: 'admin@bench.example', password: 'Bench-Admin-1!' }),
    });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const token = decodeURIComponent(
      cookies.find((c) => c.startsWith(`${CSRF.cookieName}=`))!.split('=')[1]!,
    );
    started = Date.now();
    const res = await fetch(`${base}/api/admin/user/reset-all-passwords`, {
      method: 'PUT',
      headers: { cookie: cookies.join('; '), [CSRF.header]: token },
    });
    const ms = Date.now() - started;
    console.log(`reset-all-passwords: HTTP ${res.status}, ${JSON.stringify(await res.json())}, ${ms} ms`);
    const [{ mails }] = await db.execute<[{ mails: number }]>(
      `select count(*)::int as mails from email_outbox where kind = 'password-reset-all'`,
    );
    console.log(`${mails} reset e-mails queued`);
    http.close();
    await close();
  } finally {
    await orm.close(true);
    await dropDatabase(server, name);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
