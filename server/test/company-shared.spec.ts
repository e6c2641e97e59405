import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CompanyRoleName } from '../../domain/company';
import { checkoutBody, companyMember, plainProducts, testCard, type CompanyPerson } from './fixtures';
import { createTestApp, type TestApp } from './harness';

/**
 * Company buying, slice 3 (issue 31, decision 045): a company's locations (kept by its admins, read by every
 * member, picked at checkout, the only ship-to addresses when the company says so, the bill-to printed on its
 * orders) and saved lists its members share with it, to read or to edit. Another company sees none of it.
 */
jest.setTimeout(30_000);

let t: TestApp;
let db: ReturnType<TestApp['orm']['em']['getConnection']>;
const PASSWORD = 'Shared-Rail-2026!';
let product: { id: string; price: number };
let company: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.orm.em.getConnection();
  [product] = await plainProducts(t, 1);
  [{ id: company }, { id: other }] = await db.execute<{ id: string }[]>(
    `insert into business_account (company, erp_account_id, net_terms_days) values ('Shared Fixtures Inc', 'ERP-S-1', 30),
       ('Other Motion Co', 'ERP-O-1', null) returning id`,
  );
});
afterAll(async () => t.close());

type Person = CompanyPerson;

const member = (role: CompanyRoleName, accountId = company) => companyMember(t, accountId, role);

const codeOf = (res: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.code;

const SAVE = `mutation($input: CompanyAddressInput!) { saveCompanyAddress(input: $input) {
  id label name addressLine1 city state zip country billTo } }`;
const COMPANY = `{ myCompany { shipToLocationsOnly addresses { id label billTo addressLine1 } } }`;
const ONLY = `mutation($only: Boolean!) { setCompanyShipToLocationsOnly(only: $only) { shipToLocationsOnly } }`;

const plant = {
  label: 'Plant 2 — receiving',
  name: 'Receiving dock',
  addressLine1: '400 Foundry Rd',
  city: 'Gastonia',
  state: 'NC',
  zip: '28052',
  email: 'receiving@shared.example',
};
const office = {
  label: 'Head office (accounts payable)',
  name: 'Accounts Payable',
  addressLine1: '12 Commerce Blvd',
  city: 'Charlotte',
  state: 'NC',
  zip: '28202',
  email: 'ap@shared.example',
  billTo: true,
};

/** Places the cart (one unit) by card, shipped to `shipTo`, expecting `expected`. */
async function order(p: Person, shipTo: Record<string, unknown>, expected = 200) {
  await p.c.send('post', '/api/user/cart/upsert', { items: [{ itemId: product.id, qty: 1 }] }).expect(200);
  const body = checkoutBody(p.email, await testCard(p.c));
  return p.c
    .send('post', '/api/checkout/place-order', {
      ...body,
      shippingAddress: { ...body.shippingAddress, ...shipTo },
    })
    .set('Idempotency-Key', randomUUID())
    .expect(expected);
}

describe("a company's locations", () => {
  let admin: Person;
  let buyer: Person;

  beforeAll(async () => {
    admin = await member('Admin');
    buyer = await member('Buyer');
  });

  it('are kept by its admins, read by every member, audited; a second bill-to replaces the first', async () => {
    const first = await admin.c.gql<{ saveCompanyAddress: { id: string } }>(SAVE, {
      input: { ...plant, billTo: true },
    });
    expect(first.errors).toBeUndefined();
    const second = await admin.c.gql<{ saveCompanyAddress: { id: string; billTo: boolean } }>(SAVE, {
      input: office,
    });
    expect(second.data!.saveCompanyAddress.billTo).toBe(true);

    const seen = await buyer.c.gql<{
      myCompany: { addresses: { label: string; billTo: boolean }[] };
    }>(COMPANY);
    // The bill-to first; one bill-to only.
    expect(seen.data!.myCompany.addresses).toEqual([
      expect.objectContaining({ label: office.label, billTo: true }),
      expect.objectContaining({ label: plant.label, billTo: false }),
    ]);

    const audit = await db.execute<{ action: string }[]>(
      `select action from audit_log where actor_user_id = ? and target_id = ? order by id`,
      [admin.id, company],
    );
    expect(audit.map((a) => a.action)).toEqual(['company.location-added', 'company.location-added']);
  });

  it('refuses a buyer, a duplicate name and a bad ZIP with the messages the form shows', async () => {
    const asBuyer = await buyer.c.gql(SAVE, { input: { ...plant, label: 'Buyer plant' } });
    expect(codeOf(asBuyer)).toBe('UNPROCESSABLE');
    expect(asBuyer.errors![0]!.message).toBe('Only an admin of your company can do this.');

    const duplicate = await admin.c.gql(SAVE, { input: { ...plant, label: 'plant 2 — RECEIVING' } });
    expect(codeOf(duplicate)).toBe('BAD_USER_INPUT');
    expect(duplicate.errors![0]!.message).toBe('Your company already has a location with this name.');

    const badZip = await admin.c.gql(SAVE, { input: { ...plant, label: 'Plant 3', zip: 'ABCDE' } });
    expect(codeOf(badZip)).toBe('BAD_USER_INPUT');
    const noName = await admin.c.gql(SAVE, { input: { ...plant, label: '  ' } });
    expect(noName.errors![0]!.message).toBe('Name this location.');
  });

  it('another company can neither see nor change them (NOT_FOUND, as a location that does not exist)', async () => {
    const outsider = await member('Admin', other);
    const mine = await admin.c.gql<{ myCompany: { addresses: { id: string }[] } }>(COMPANY);
    const id = mine.data!.myCompany.addresses[0]!.id;
    const seen = await outsider.c.gql<{ myCompany: { addresses: unknown[] } }>(COMPANY);
    expect(seen.data!.myCompany.addresses).toEqual([]);
    const edit = await outsider.c.gql(SAVE, { input: { ...plant, id, label: 'Taken over' } });
    expect(codeOf(edit)).toBe('NOT_FOUND');
    const remove = await outsider.c.gql(`mutation($id: ID!) { deleteCompanyAddress(id: $id) }`, { id });
    expect(codeOf(remove)).toBe('NOT_FOUND');
    const after = await admin.c.gql<{ myCompany: { addresses: { label: string }[] } }>(COMPANY);
    expect(after.data!.myCompany.addresses.map((a) => a.label)).toEqual([office.label, plant.label]);
  });

  it('the bill-to is kept on each order the company places, and its invoice opens', async () => {
    const placed = await order(buyer, {});
    const [row] = await db.execute<{ billTo: { addressLine1: string; companyName: string } | null }[]>(
      'select bill_to as "billTo" from customer_order where id = ?',
      [placed.body.order.id],
    );
    expect(row!.billTo).toMatchObject({
      addressLine1: office.addressLine1,
      companyName: 'Shared Fixtures Inc',
    });
    const pdf = await buyer.c.agent.get(`/api/orders/${placed.body.order.id}/invoice.pdf`).expect(200);
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shipping only to them: another address is refused at checkout and the cart stays; a location (any case) is taken', async () => {
    const only = await admin.c.gql<{ setCompanyShipToLocationsOnly: { shipToLocationsOnly: boolean } }>(
      ONLY,
      {
        only: true,
      },
    );
    expect(only.data!.setCompanyShipToLocationsOnly.shipToLocationsOnly).toBe(true);

    const refused = await order(buyer, {}, 400);
    expect(refused.body.error).toMatchObject({
      message: 'Your company ships only to its locations: choose one of them.',
      fields: [{ field: 'shippingAddress.addressLine1' }],
    });
    const cart = await buyer.c.agent.get('/api/user/cart').expect(200);
    expect(cart.body.orderLines.length).toBeGreaterThan(0);

    // Line 2 is the location's too: "c/o 12 Other St" there would ship elsewhere.
    const elsewhere = { addressLine1: '400 Foundry Rd', city: 'Gastonia', zip: '28052' };
    await order(buyer, { ...elsewhere, addressLine2: 'c/o 12 Other St' }, 400);
    const taken = await order(buyer, {
      name: 'Maria at dock 4',
      addressLine1: '400 FOUNDRY RD',
      city: 'gastonia',
      state: 'nc',
      zip: '28052',
    });
    expect(taken.body.order.shippingAddress.addressLine1).toBe('400 FOUNDRY RD');
    // The admin is held to it too.
    await order(admin, {}, 400);
  });

  it('the last location stays while the company ships only there; off again, any address is taken', async () => {
    const mine = await admin.c.gql<{ myCompany: { addresses: { id: string }[] } }>(COMPANY);
    const [first, second] = mine.data!.myCompany.addresses;
    const DELETE = `mutation($id: ID!) { deleteCompanyAddress(id: $id) }`;
    expect((await admin.c.gql(DELETE, { id: first!.id })).errors).toBeUndefined();
    const last = await admin.c.gql(DELETE, { id: second!.id });
    expect(codeOf(last)).toBe('CONFLICT');
    expect(last.errors![0]!.message).toBe('A company that ships only to its locations keeps at least one.');

    await admin.c.gql(ONLY, { only: false });
    expect((await admin.c.gql(DELETE, { id: second!.id })).errors).toBeUndefined();
    const again = await admin.c.gql(ONLY, { only: true });
    expect(codeOf(again)).toBe('CONFLICT');
    await order(buyer, {});
  });
});

const LISTS = `{ savedLists { id name sharing mine ownerName canEdit itemCount } }`;
const CREATE = `mutation($input: SavedListInput!) { createSavedList(input: $input) { id sharing } }`;
const ADD = `mutation($listId: ID!, $items: [CartItemInput!]!) { addToSavedList(listId: $listId, items: $items) { itemCount } }`;

describe('saved lists shared with the company', () => {
  let owner: Person;
  let colleague: Person;
  let viewer: Person;
  let outsider: Person;
  let readList: string;
  let editList: string;
  let privateList: string;

  beforeAll(async () => {
    owner = await member('Buyer');
    colleague = await member('Buyer');
    viewer = await member('Viewer');
    outsider = await member('Admin', other);
    const make = async (name: string, sharing: string) => {
      const res = await owner.c.gql<{ createSavedList: { id: string } }>(CREATE, {
        input: { name, sharing },
      });
      expect(res.errors).toBeUndefined();
      await owner.c.gql(ADD, {
        listId: res.data!.createSavedList.id,
        items: [{ itemId: product.id, qty: 2 }],
      });
      return res.data!.createSavedList.id;
    };
    readList = await make('Line 3 spares', 'read');
    editList = await make('Maintenance kit', 'edit');
    privateList = await make('My drafts', 'private');
  });

  it('colleagues see the shared lists with their owner; another company and private lists stay unseen', async () => {
    const seen = await colleague.c.gql<{ savedLists: Record<string, unknown>[] }>(LISTS);
    const shared = seen.data!.savedLists.filter((l) => !l.mine);
    expect(shared.map((l) => [l.name, l.sharing, l.canEdit, l.ownerName])).toEqual(
      expect.arrayContaining([
        ['Line 3 spares', 'read', false, 'Buyer Tester'],
        ['Maintenance kit', 'edit', true, 'Buyer Tester'],
      ]),
    );
    expect(shared.some((l) => l.id === privateList)).toBe(false);
    const theirs = await outsider.c.gql<{ savedLists: { id: string }[] }>(LISTS);
    expect(theirs.data!.savedLists.map((l) => l.id)).not.toEqual(expect.arrayContaining([readList]));
    const open = await outsider.c.gql(`query($id: ID!) { savedList(id: $id) { id } }`, { id: readList });
    expect(codeOf(open)).toBe('NOT_FOUND');
    const priv = await colleague.c.gql(`query($id: ID!) { savedList(id: $id) { id } }`, { id: privateList });
    expect(codeOf(priv)).toBe('NOT_FOUND');
  });

  it('a read list is read and reordered from (copied to the cart, the list stays whole), never changed', async () => {
    const page = await colleague.c.gql<{ savedList: { items: { cartLineId: string }[] } }>(
      `query($id: ID!) { savedList(id: $id) { items { cartLineId } } }`,
      { id: readList },
    );
    expect(page.data!.savedList.items).toHaveLength(1);
    const add = await colleague.c.gql(ADD, { listId: readList, items: [{ itemId: product.id, qty: 1 }] });
    expect(codeOf(add)).toBe('UNPROCESSABLE');
    expect(add.errors![0]!.message).toBe(
      'This list is shared for reading: only its owner changes its items.',
    );
    // The REST path answers the same.
    await colleague.c
      .send('post', '/api/product/update-item-quantity', {
        listId: readList,
        id: page.data!.savedList.items[0]!.cartLineId,
        quantity: 9,
      })
      .expect(422);

    const moved = await colleague.c.gql<{ moveSavedItemsToCart: { orderLines: { itemId: string }[] } }>(
      `mutation($listId: ID!) { moveSavedItemsToCart(listId: $listId) { orderLines { itemId } } }`,
      { listId: readList },
    );
    expect(moved.data!.moveSavedItemsToCart.orderLines.map((l) => l.itemId)).toContain(product.id);
    const still = await owner.c.gql<{ savedLists: { id: string; itemCount: number }[] }>(LISTS);
    expect(still.data!.savedLists.find((l) => l.id === readList)!.itemCount).toBe(1);
  });

  it("an edit list's items are changed by colleagues, not by a viewer; only the owner renames, shares or deletes", async () => {
    const add = await colleague.c.gql<{ addToSavedList: { itemCount: number } }>(ADD, {
      listId: editList,
      items: [{ itemId: product.id, qty: 3 }],
    });
    expect(add.errors).toBeUndefined();
    const byViewer = await viewer.c.gql(ADD, { listId: editList, items: [{ itemId: product.id, qty: 1 }] });
    expect(codeOf(byViewer)).toBe('UNPROCESSABLE');

    const rename = await colleague.c.gql(
      `mutation($id: ID!) { editSavedList(id: $id, input: { name: "Mine now", sharing: "private" }) { id } }`,
      { id: editList },
    );
    expect(codeOf(rename)).toBe('UNPROCESSABLE');
    expect(rename.errors![0]!.message).toBe("Only the list's owner can rename, share or delete it.");
    const remove = await colleague.c.gql(`mutation($id: ID!) { deleteSavedList(id: $id) }`, { id: editList });
    expect(codeOf(remove)).toBe('UNPROCESSABLE');

    // Renaming without a sharing (null on the REST path) keeps it shared.
    const rest = await owner.c
      .send('post', '/api/product/edit-saved-list', {
        id: editList,
        name: 'Maintenance kit A',
        sharing: null,
      })
      .expect(200);
    expect(rest.body).toMatchObject({ name: 'Maintenance kit A', sharing: 'edit' });
    await owner.c.gql(
      `mutation($id: ID!) { editSavedList(id: $id, input: { name: "Maintenance kit B" }) { id } }`,
      {
        id: editList,
      },
    );
    const seen = await colleague.c.gql<{ savedLists: { id: string; name: string }[] }>(LISTS);
    expect(seen.data!.savedLists.find((l) => l.id === editList)!.name).toBe('Maintenance kit B');
  });

  it('a person without a company cannot share; a member removed from the company stops sharing', async () => {
    const loner = await t.client();
    const email = `loner.${randomUUID()}@shared.example`;
    await t.createUser({ email, password: PASSWORD });
    await loner.signIn(email, PASSWORD);
    const res = await loner.gql(CREATE, { input: { name: 'Shared?', sharing: 'read' } });
    expect(res.errors![0]!.message).toBe('Only members of a company share lists.');

    const admin = await member('Admin');
    const removed = await admin.c.gql(`mutation($userId: ID!) { removeCompanyMember(userId: $userId) }`, {
      userId: owner.id,
    });
    expect(removed.errors).toBeUndefined();
    const seen = await colleague.c.gql<{ savedLists: { id: string }[] }>(LISTS);
    expect(seen.data!.savedLists.map((l) => l.id)).not.toEqual(expect.arrayContaining([readList]));
    const [row] = await db.execute<{ sharing: string }[]>('select sharing from saved_list where id = ?', [
      readList,
    ]);
    expect(row!.sharing).toBe('private');
  });
});
