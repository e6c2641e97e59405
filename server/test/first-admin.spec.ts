import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env';
import { createTestApp, type TestApp } from './harness';

/** `npm run admin`, from sources: the README's way to the console on a fresh store. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PUBLIC_URL = 'http://shop.axisline.test';

function runAdmin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', path.join(PROJECT_ROOT, 'server/src/cli/admin.ts'), ...args],
      {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          SWC_NODE_PROJECT: 'server/tsconfig.json',
          DATABASE_URL: t.databaseUrl,
          PUBLIC_URL,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('exit', (code) => resolve({ code, stdout, stderr: stderr.trim() }));
  });
}

/** The link as printed, opened the way the shop's reset page does: its token goes to the reset call. */
function tokenOf(stdout: string): string {
  const link = /^ {2}(\S+)$/m.exec(stdout)![1]!;
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/user/reset-password`);
  return url.searchParams.get('token')!;
}

describe('npm run admin -- --email …', () => {
  it('creates an Admin whose one-time link sets the password; the account then opens the console', async () => {
    const email = `owner.${Date.now()}@axisline.example`;
    const run = await runAdmin(['--email', email, '--first-name', 'Ada', '--last-name', 'Byron']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${email} is a new Admin account.`);
    expect(run.stdout).toContain(`open the console at ${PUBLIC_URL}/admin`);
    const token = tokenOf(run.stdout);

    const c = await t.client();
    // No password exists until the link is used.
    await c.send('post', '/api/user/login', { email, password: 'Console-Keys-77!' }).expect(401);
    const body = { token, newPassword: 'Console-Keys-77!', confirmPassword: 'Console-Keys-77!' };
    await c.send('put', '/api/user/security/reset-password', body).expect(200);
    await c.send('put', '/api/user/security/reset-password', body).expect(404); // once only

    await c.signIn(email, 'Console-Keys-77!');
    const me = (await c.gql('{ me { firstName lastName role } apiKeys { id } }')) as {
      errors?: unknown;
      data: { me: object };
    };
    expect(me.errors).toBeUndefined();
    expect(me.data.me).toEqual({ firstName: 'Ada', lastName: 'Byron', role: 100 });
  });

  it('promotes an existing account (its password unchanged) and records who did it', async () => {
    const email = `buyer.${Date.now()}@plant.example`;
    const id = await t.createUser({ email, password: 'Buyer-Pass-91!', role: 500 });
    await t.orm.em.getConnection().execute('update app_user set validity = 1 where id = ?', [id]);
    const run = await runAdmin(['--email', email.toUpperCase()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${email} is now an Admin account.`);

    const c = await t.client();
    await c.signIn(email, 'Buyer-Pass-91!');
    const me = (await c.gql('{ me { role } }')) as { data: { me: { role: number } } };
    expect(me.data.me.role).toBe(100);
    const [entry] = await t.orm.em
      .getConnection()
      .execute<{ actor: string | null; before: object; after: object; ip: string }[]>(
        `select actor_user_id as actor, before, after, ip from audit_log
         where action = 'user.admin-granted' and target_id = ?`,
        [id],
      );
    expect(entry).toEqual({
      actor: null,
      before: { role: 500, validity: 1 },
      after: { role: 100, validity: 0, created: false },
      ip: 'command line',
    });
  });

  it.each([
    [
      ['--email', 'not-an-address'],
      /^admin: "not-an-address" is not an e-mail address: run npm run admin -- --email you@example.com$/,
    ],
    [[], /^admin: Which account\? Run npm run admin -- --email you@example.com$/],
    [
      ['--mail', 'a@b.example'],
      /^admin: Unknown option '--mail'.*: run npm run admin -- --email you@example.com/,
    ],
  ])('refuses %j with one line and exit code 1', async (args, message) => {
    const run = await runAdmin(args);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });
});
