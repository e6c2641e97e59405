import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CSRF } from '../../domain/constants';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const contact = {
  firstName: 'Ada',
  lastName: 'Ng',
  email: 'ada@plant.example',
  state: 'NC',
  comments: 'Do you cut 4040 to 1 mm tolerance?',
  requestTypes: ['fabrication'],
};

const outbox = (to: string) =>
  t.orm.em
    .getConnection()
    .execute<{ kind: string; text_body: string }[]>(
      'select kind, text_body from email_outbox where to_address = ? order by created_at',
      [to],
    );

describe('forms', () => {
  it('stores a contact request, e-mails the store and the sender, and lists it for staff only', async () => {
    const email = `contact.${randomUUID()}@plant.example`;
    const c = await t.client();
    const res = await c.send('post', '/api/forms/contact', { ...contact, email }).expect(201);
    expect((await outbox(email)).map((m) => m.kind)).toEqual(['form-received']);
    const store = await outbox('help@axisline.example');
    expect(store.some((m) => m.text_body.includes(res.body.id) && m.text_body.includes('fabrication'))).toBe(
      true,
    );

    const staff = await t.client();
    const csEmail = `cs2.${randomUUID()}@axisline.example`;
    await t.createUser({ email: csEmail, password: 'Staff-Rail-2020!', role: 300 });
    await staff.signIn(csEmail, 'Staff-Rail-2020!');
    const inbox = await staff.gql<{ formSubmissions: { id: string; kind: string }[] }>(
      '{ formSubmissions(kind: "contact") { id kind email payload } }',
    );
    expect(inbox.data!.formSubmissions.map((f) => f.id)).toContain(res.body.id);
    const customer = await t.client();
    const denied = await customer.gql('{ formSubmissions { id } }');
    expect(denied.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('answers the spec messages next to their fields', async () => {
    const c = await t.client();
    const res = await c
      .send('post', '/api/forms/contact', { ...contact, comments: '   ', firstName: '', requestTypes: [] })
      .expect(400);
    const fields = Object.fromEntries(
      res.body.error.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      firstName: 'First Name is required',
      comments: 'Your message cannot contain only blankspaces',
      requestTypes: 'Choose at least one request type',
    });
    const quote = await c.send('post', '/api/forms/quote', { email: 'x@y.example' }).expect(400);
    expect(quote.body.error.fields[0]).toEqual({ field: 'item', message: 'Item is required' });
  });

  it('takes a service request with PDF, DXF and STEP drawings, and refuses a file of another type', async () => {
    const c = await t.client();
    const fields = {
      firstName: 'Ada',
      lastName: 'Ng',
      email: `service.${randomUUID()}@plant.example`,
      service: 'cutting-and-machining',
      description: '40 pieces of 4040 at 612 mm, tapped both ends',
    };
    const send = () => {
      const req = c.agent.post('/api/forms/service-request').set(CSRF.header, c.token);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req;
    };
    const ok = await send()
      .attach('drawings', Buffer.from('%PDF-1.7\n%test\n'), 'frame.pdf')
      .attach('drawings', Buffer.from('  0\nSECTION\n  2\nENTITIES\n  0\nENDSEC\n  0\nEOF\n'), 'profile.dxf')
      .attach('drawings', Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\n'), 'bracket.step')
      .expect(201);
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from form_attachment where submission_id = ?', [
        ok.body.id,
      ]);
    expect(row!.n).toBe(3);

    const bad = await send().attach('drawings', Buffer.from('MZ\x90\x00'), 'drawing.pdf').expect(400);
    expect(bad.body.error.fields[0]).toEqual({
      field: 'drawings',
      message: 'drawing.pdf: Attach drawings as PDF, DXF or STEP files (at most 5 files of 10 MB each).',
    });
    const tooBig = await send()
      .attach('drawings', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]), 'huge.pdf')
      .expect(400);
    expect(tooBig.body.error.fields[0].field).toBe('drawings');
  });

  it('checks the address limit and the declared size before reading any upload, and leaves no file behind', async () => {
    const uploads = path.join(os.tmpdir(), 'axisline-uploads');
    const c = await t.client();
    const fields = {
      firstName: 'Ada',
      lastName: 'Ng',
      email: `limit.${randomUUID()}@plant.example`,
      service: 'cutting-and-machining',
      description: 'Brackets',
    };
    const send = () => {
      const req = c.agent.post('/api/forms/service-request').set(CSRF.header, c.token);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req;
    };
    // A declared body over five drawings of 10 MB is refused before it is read.
    const declared = await c.agent
      .post('/api/forms/service-request')
      .set(CSRF.header, c.token)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(52 * 1024 * 1024))
      .send('--x--')
      .catch((err: { response?: { status: number } }) => err.response!);
    expect(declared.status).toBe(413);

    // An address at its limit gets 429 even for a file that would be refused: the upload was never parsed.
    const windowStart = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
    await t.orm.em.getConnection().execute(
      `insert into rate_limit (key, window_start, count) values ('form:ip:' || ?, ?, 100)
         on conflict (key, window_start) do update set count = 100`,
      ['::ffff:127.0.0.1', windowStart],
    );
    await t.orm.em.getConnection().execute(
      `insert into rate_limit (key, window_start, count) values ('form:ip:127.0.0.1', ?, 100)
         on conflict (key, window_start) do update set count = 100`,
      [windowStart],
    );
    const limited = await send().attach('drawings', Buffer.from('MZ\x90\x00'), 'drawing.pdf');
    expect(limited.status).toBe(429);
    const left = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
    expect(left).toEqual([]);
  });
});
