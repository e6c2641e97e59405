import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { CSRF } from '../../domain/constants';
import { REST_ROUTERS } from '../src/config/manifests';
import { getSchema } from '../src/graphql/schema';
import { GRAPHQL_ACCESS, REST_ACCESS } from '../src/modules/auth/permission-matrix';
import { authorizedFor } from '../src/modules/auth/permissions';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { erpCalls, FIXTURE_PASSWORD, webhookCalls } from './fixtures';
import { createTestApp, type TestApp } from './harness';

const NIL = '00000000-0000-4000-8000-000000000000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Every Query and Mutation field of the committed schema.graphql. */
function schemaOperations(): string[] {
  const sdl = fs.readFileSync(path.join(__dirname, '..', '..', 'schema.graphql'), 'utf8');
  const schema = buildSchema(sdl);
  return (['Query', 'Mutation'] as const).flatMap((root) => {
    const type = schema.getType(root) as GraphQLObjectType | undefined;
    return type ? Object.keys(type.getFields()).map((f) => `${root}.${f}`) : [];
  });
}

/** Every REST route as "METHOD /api/path", read from the routers the app mounts. */
function restRoutes(): string[] {
  const out: string[] = [];
  for (const [prefix, make] of REST_ROUTERS) {
    const router = make() as unknown as {
      stack: { route?: { path: string | string[]; methods: Record<string, boolean> } }[];
    };
    for (const layer of router.stack) {
      if (!layer.route) continue;
      for (const p of ([] as string[]).concat(layer.route.path)) {
        for (const method of Object.keys(layer.route.methods)) {
          out.push(`${method.toUpperCase()} /api${prefix === '/' ? '' : prefix}${p}`);
        }
      }
    }
  }
  return out;
}

describe('permission matrix (docs/decisions/010-permissions.md)', () => {
  it('lists every GraphQL operation of schema.graphql, and nothing that is not there', () => {
    const operations = schemaOperations();
    expect(operations.filter((op) => !(op in GRAPHQL_ACCESS))).toEqual([]);
    expect(Object.keys(GRAPHQL_ACCESS).filter((op) => !operations.includes(op))).toEqual([]);
  });

  it('lists every REST route, and nothing that is not mounted', () => {
    const routes = restRoutes();
    expect(routes.filter((r) => !(r in REST_ACCESS))).toEqual([]);
    expect(Object.keys(REST_ACCESS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('guards each GraphQL operation with @Authorized exactly as the matrix says', () => {
    getSchema();
    const authorized = new Map(
      getMetadataStorage().authorizedFields.map((f) => [`${f.fieldName}`, f.roles as string[]]),
    );
    const resolvers = getMetadataStorage().queries.concat(getMetadataStorage().mutations);
    for (const [op, access] of Object.entries(GRAPHQL_ACCESS)) {
      const [root, field] = op.split('.') as [string, string];
      const handler = resolvers.find(
        (r) =>
          r.schemaName === field &&
          (root === 'Query' ? getMetadataStorage().queries : getMetadataStorage().mutations).includes(r),
      );
      expect([op, handler ? 'found' : 'missing']).toEqual([op, 'found']);
      const roles = authorized.get(handler!.methodName);
      const expected =
        access === 'public'
          ? undefined
          : access === 'signed-in'
            ? []
            : 'scope' in access
              ? authorizedFor(access)
              : [...access];
      expect([op, roles]).toEqual([op, expected]);
    }
  });

  it('answers every guarded GraphQL operation with UNAUTHENTICATED when signed out', async () => {
    const { agent, token } = await t.agentWithCsrf();
    const calls: Record<string, string> = {
      'Query.me': '{ me { id } }',
      'Mutation.signOut': 'mutation { signOut }',
      'Mutation.transferPunchoutCart': 'mutation { transferPunchoutCart { action } }',
      'Query.punchoutCredential': `{ punchoutCredential(companyId: "00000000-0000-0000-0000-000000000000") { companyId } }`,
      'Query.punchoutMessages': `{ punchoutMessages(companyId: "00000000-0000-0000-0000-000000000000") { page } }`,
      'Query.punchoutSessions': `{ punchoutSessions(companyId: "00000000-0000-0000-0000-000000000000") { buyerCookie } }`,
      'Mutation.rotatePunchoutSecret': `mutation { rotatePunchoutSecret(companyId: "00000000-0000-0000-0000-000000000000") { secret } }`,
      'Mutation.savePunchoutCredential': `mutation { savePunchoutCredential(companyId: "00000000-0000-0000-0000-000000000000", input: { systemName: "SAP Ariba", enabled: true, fromDomain: "NetworkID", fromIdentity: "AN-1", senderDomain: "NetworkID", senderIdentity: "AN-1", returnUrls: [] }) { companyId } }`,
      'Mutation.updateProfile': 'mutation { updateProfile(input: { firstName: "A", lastName: "B" }) { id } }',
      'Mutation.saveAddress':
        'mutation { saveAddress(input: { name: "A", addressLine1: "1 A St", city: "X", state: "NC", zip: "28115", email: "a@b.example" }) { id } }',
      'Mutation.deleteAddress':
        'mutation { deleteAddress(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Mutation.makePrimaryAddress':
        'mutation { makePrimaryAddress(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Query.paymentOptions': '{ paymentOptions { id } }',
      'Query.myCompany': '{ myCompany { id } }',
      'Mutation.inviteCompanyMember':
        'mutation { inviteCompanyMember(input: { email: "a@b.example", role: "Buyer" }) { id } }',
      'Mutation.revokeCompanyInvitation':
        'mutation { revokeCompanyInvitation(id: "00000000-0000-4000-8000-000000000000") }',
      'Mutation.acceptCompanyInvitation': 'mutation { acceptCompanyInvitation(token: "x") { id } }',
      'Query.myCompanyInvitations': '{ myCompanyInvitations { id } }',
      'Mutation.acceptMyCompanyInvitation':
        'mutation { acceptMyCompanyInvitation(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Mutation.updateCompanyMember':
        'mutation { updateCompanyMember(userId: "00000000-0000-4000-8000-000000000000", input: { role: "Buyer" }) { role } }',
      'Mutation.removeCompanyMember':
        'mutation { removeCompanyMember(userId: "00000000-0000-4000-8000-000000000000") }',
      'Query.companyApprovals': '{ companyApprovals { orderId } }',
      'Query.companyOrders': '{ companyOrders { total } }',
      'Query.events': '{ events { hasMore } }',
      'Mutation.decideCompanyOrder':
        'mutation { decideCompanyOrder(orderId: "00000000-0000-4000-8000-000000000000", approve: true) { decision } }',
      'Mutation.saveCompanyAddress':
        'mutation { saveCompanyAddress(input: { label: "Plant", name: "A", addressLine1: "1 A St", city: "X", state: "NC", zip: "28115", email: "a@b.example" }) { id } }',
      'Mutation.deleteCompanyAddress':
        'mutation { deleteCompanyAddress(id: "00000000-0000-4000-8000-000000000000") }',
      'Mutation.setCompanyShipToLocationsOnly':
        'mutation { setCompanyShipToLocationsOnly(only: true) { id } }',
      'Query.adminCompanies': '{ adminCompanies { id } }',
      'Query.adminPriceLists': '{ adminPriceLists { id } }',
      'Query.adminProductPrices': '{ adminProductPrices(productId: "X") { productId } }',
      'Mutation.setPriceBreaks': 'mutation { setPriceBreaks(productId: "X", breaks: []) { productId } }',
      'Mutation.setProductErpItem':
        'mutation { setProductErpItem(productId: "X", erpItemId: "I-1") { productId } }',
      'Mutation.setLocationErpShipTo': `mutation { setLocationErpShipTo(locationId: "${NIL}", erpShipToId: "S-1") { id } }`,
      'Query.unacknowledgedOrders': '{ unacknowledgedOrders { total } }',
      'Query.adminQuotes': '{ adminQuotes { id } }',
      'Query.adminQuote': '{ adminQuote(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Mutation.reviewQuote':
        'mutation { reviewQuote(id: "00000000-0000-4000-8000-000000000000", version: 1) { id } }',
      'Mutation.sendQuote':
        'mutation { sendQuote(id: "00000000-0000-4000-8000-000000000000", version: 1, input: { lines: [], freight: 0, leadTimeDays: 1, expiresOn: "2099-01-01" }) { id } }',
      'Mutation.saveQuoteDraft':
        'mutation { saveQuoteDraft(id: "00000000-0000-4000-8000-000000000000", version: 1, input: { lines: [], freight: 0, leadTimeDays: 1, expiresOn: "2099-01-01" }) { id } }',
      'Mutation.sendQuoteDraft':
        'mutation { sendQuoteDraft(id: "00000000-0000-4000-8000-000000000000", version: 1) { id } }',
      'Mutation.declineQuote':
        'mutation { declineQuote(id: "00000000-0000-4000-8000-000000000000", version: 1, note: "No") { id } }',
      'Mutation.requestQuote': 'mutation { requestQuote(input: { cartLineIds: [] }) { id } }',
      'Query.myQuotes': '{ myQuotes { id } }',
      'Mutation.acceptQuote':
        'mutation { acceptQuote(id: "00000000-0000-4000-8000-000000000000", revision: 1) { id } }',
      'Mutation.requestQuoteAgain':
        'mutation { requestQuoteAgain(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Query.quoteCheckout':
        '{ quoteCheckout(id: "00000000-0000-4000-8000-000000000000", revision: 1) { cartId } }',
      'Mutation.sendQuoteMessage':
        'mutation { sendQuoteMessage(id: "00000000-0000-4000-8000-000000000000", body: "Hi") { id } }',
      'Mutation.sendQuoteStaffMessage':
        'mutation { sendQuoteStaffMessage(id: "00000000-0000-4000-8000-000000000000", body: "Hi") { id } }',
      'Query.adminCompany': '{ adminCompany(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Mutation.saveAdminCompany': 'mutation { saveAdminCompany(input: { name: "Acme" }) { id } }',
      'Mutation.setCompanyMemberRole': `mutation { setCompanyMemberRole(companyId: "${NIL}", userId: "${NIL}", role: "Admin") { id } }`,
      'Mutation.recordTermsPayment':
        'mutation { recordTermsPayment(orderId: "00000000-0000-4000-8000-000000000000", input: { amount: 1, paidOn: "2026-01-02", reference: "CHQ 1" }) { id } }',
      'Mutation.decideCompanyCredit':
        'mutation { decideCompanyCredit(orderId: "00000000-0000-4000-8000-000000000000", approve: true) { id } }',
      'Query.myCompanyApplication': '{ myCompanyApplication { id } }',
      'Mutation.withdrawCompanyApplication': 'mutation { withdrawCompanyApplication }',
      'Query.adminCompanyApplications': '{ adminCompanyApplications { id } }',
      'Query.adminCompanyApplication':
        '{ adminCompanyApplication(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Mutation.approveCompanyApplication':
        'mutation { approveCompanyApplication(id: "00000000-0000-4000-8000-000000000000", input: { name: "Acme" }) { id } }',
      'Mutation.declineCompanyApplication':
        'mutation { declineCompanyApplication(id: "00000000-0000-4000-8000-000000000000", note: "No") { id } }',
      'Mutation.initializePaymentKey': 'mutation { initializePaymentKey }',
      'Mutation.savePaymentOption': 'mutation { savePaymentOption(paymentMethodId: "pm_x") { id } }',
      'Mutation.deletePaymentOption':
        'mutation { deletePaymentOption(id: "00000000-0000-4000-8000-000000000000") }',
      'Mutation.makePrimaryPayment':
        'mutation { makePrimaryPayment(id: "00000000-0000-4000-8000-000000000000") { id } }',
      'Mutation.changePassword':
        'mutation { changePassword(oldPassword: "a", newPassword: "b", confirmPassword: "b") }',
      'Mutation.deleteMyAccount': 'mutation { deleteMyAccount(password: "x") }',
      'Mutation.resetAllPasswords': 'mutation { resetAllPasswords }',
      'Query.apiKeys': '{ apiKeys { id } }',
      'Mutation.createApiKey':
        'mutation { createApiKey(userId: "00000000-0000-4000-8000-000000000000", name: "x", scopes: ["catalog:read"]) { id } }',
      'Mutation.revokeApiKey': 'mutation { revokeApiKey(id: "00000000-0000-4000-8000-000000000000") }',
      'Query.supplierProducts': '{ supplierProducts { id } }',
      'Query.outboxEmails': '{ outboxEmails { id } }',
      'Query.formSubmissions': '{ formSubmissions { id } }',
      'Query.adminOrders': '{ adminOrders { total } }',
      'Query.adminOrder': `{ adminOrder(id: "${NIL}") { id } }`,
      'Query.orderAudit': `{ orderAudit(orderId: "${NIL}") { id } }`,
      'Query.orderPromotionFacts': `{ orderPromotionFacts(orderId: "${NIL}") { site } }`,
      'Query.adminPromotions': '{ adminPromotions { total } }',
      'Query.promotionChoices': '{ promotionChoices { priceLists } }',
      'Query.adminPromotion': `{ adminPromotion(id: "${NIL}") { id } }`,
      'Mutation.savePromotion':
        'mutation { savePromotion(input: { name: "X", sites: ["axl"], actionKind: "linesPercent", pct: 5 }) { id } }',
      'Mutation.endPromotion': `mutation { endPromotion(id: "${NIL}", version: 1) { id } }`,
      'Mutation.generatePromotionCodes': `mutation { generatePromotionCodes(id: "${NIL}", count: 1) { count } }`,
      'Mutation.updateOrder': `mutation { updateOrder(id: "${NIL}", version: 1, input: { contactEmail: "a@b.example", address: { addressLine1: "1 A St", city: "X", state: "NC", zip: "28115" }, taxAmount: 0, shippingCharges: 0, totalAmount: 0, erpOrderId: "E", status: 1, lines: [] }) { id } }`,
      'Mutation.shipOrder': `mutation { shipOrder(id: "${NIL}", version: 1, input: { carrier: "ups", trackingNumber: "1Z", shippedOn: "2026-01-01" }) { id } }`,
      'Mutation.deliverOrder': `mutation { deliverOrder(id: "${NIL}", version: 1, input: { deliveredOn: "2026-01-02" }) { id } }`,
      'Query.adminUsers': '{ adminUsers { total } }',
      'Mutation.setUserRole': `mutation { setUserRole(userId: "${NIL}", role: 300) { id } }`,
      'Mutation.setUserLocked': `mutation { setUserLocked(userId: "${NIL}", locked: true) { id } }`,
      'Mutation.setUserCompany': `mutation { setUserCompany(userId: "${NIL}", erpAccountId: null) { id } }`,
      'Query.dashboard': '{ dashboard(from: "2026-01-01T00:00:00Z", to: "2026-01-08T00:00:00Z") { sales } }',
      'Query.adminSites': '{ adminSites { id } }',
      'Mutation.setSiteVisibility':
        'mutation { setSiteVisibility(id: "mai", showAllProducts: false) { id } }',
      'Mutation.setSiteLegal':
        'mutation { setSiteLegal(id: "mai", input: { legalName: "X Inc.", postalAddress: "1 Main St", copyrightHolder: "X Inc." }) { id } }',
      'Query.myReturns': '{ myReturns { id } }',
      'Query.returnQueue': '{ returnQueue { id } }',
      'Mutation.decideReturn': `mutation { decideReturn(id: "${NIL}", decision: "RETURN_ACCEPTED") { id } }`,
      'Mutation.advanceReturn': `mutation { advanceReturn(id: "${NIL}", status: 8) { id } }`,
      'Mutation.requestReturn': `mutation { requestReturn(input: { orderId: "${NIL}", reason: "DEFECTIVE_PRODUCT", items: [{ id: "${NIL}", quantity: 1 }] }) { id } }`,
      'Query.orders': '{ orders { total } }',
      'Query.savedLists': '{ savedLists { id } }',
      'Query.savedList': `{ savedList(id: "${NIL}") { id } }`,
      'Mutation.createSavedList': 'mutation { createSavedList(input: { name: "A" }) { id } }',
      'Mutation.editSavedList': `mutation { editSavedList(id: "${NIL}", input: { name: "A" }) { id } }`,
      'Mutation.deleteSavedList': `mutation { deleteSavedList(id: "${NIL}") }`,
      'Mutation.addToSavedList': `mutation { addToSavedList(listId: "${NIL}", items: [{ itemId: "X", qty: 1 }]) { id } }`,
      'Mutation.updateSavedListItem': `mutation { updateSavedListItem(listId: "${NIL}", id: "${NIL}", quantity: 1) { id } }`,
      'Mutation.removeSavedListItems': `mutation { removeSavedListItems(listId: "${NIL}", ids: ["${NIL}"]) { id } }`,
      'Mutation.moveSavedItemsToCart': `mutation { moveSavedItemsToCart(listId: "${NIL}") { totalQuantity } }`,
      'Mutation.saveForLater': `mutation { saveForLater(cartLineIds: ["${NIL}"]) { totalQuantity } }`,
      'Mutation.setProductStock': 'mutation { setProductStock(id: "X", inStock: true) { id } }',
      'Mutation.setProductStockLevels':
        'mutation { setProductStockLevels(id: "X", levels: [{ warehouseId: "MOO", onHand: 1 }]) { id } }',
      'Query.adminStock': '{ adminStock { productId } }',
      'Mutation.adjustStock':
        'mutation { adjustStock(productId: "X", input: { levels: [{ warehouseId: "MOO", onHand: 1 }], reason: "count" }) { productId } }',
      'Mutation.setMaxOrderQuantity':
        'mutation { setMaxOrderQuantity(productId: "X", maxOrderQuantity: 5) { productId } }',
      ...webhookCalls(NIL),
      ...erpCalls(NIL),
    };
    const guarded = Object.entries(GRAPHQL_ACCESS)
      .filter(([, a]) => a !== 'public')
      .map(([op]) => op);
    expect(Object.keys(calls).sort()).toEqual(guarded.sort());
    for (const [op, query] of Object.entries(calls)) {
      const res = await agent.post('/graphql').set(CSRF.header, token).send({ query });
      expect([op, res.body.errors?.[0]?.extensions?.code]).toEqual([op, 'UNAUTHENTICATED']);
      // No data: none at all, or a nullable field's null.
      expect([op, Object.values(res.body.data ?? {}).filter((v) => v !== null)]).toEqual([op, []]);
    }
  });

  it('lets every staff role save a quote draft and only Service and Admin send one (decision 054)', async () => {
    expect(GRAPHQL_ACCESS['Mutation.saveQuoteDraft']).toEqual(['Admin', 'Service', 'CustomerService']);
    expect(GRAPHQL_ACCESS['Mutation.sendQuoteDraft']).toEqual(['Admin', 'Service']);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const save = `mutation { saveQuoteDraft(id: "${NIL}", version: 1, input: { lines: [{ lineNo: 1, unitPrice: 0 }], freight: 0, leadTimeDays: 1, expiresOn: "${day}" }) { id } }`;
    const send = `mutation { sendQuoteDraft(id: "${NIL}", version: 1) { id } }`;
    const codes: Record<string, [string, string]> = {};
    for (const role of ['Admin', 'Service', 'CustomerService', 'Customer'] as const) {
      const email = `permissions.${role}.${randomUUID()}@axisline.example`;
      await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES[role] });
      const c = await t.client();
      await c.signIn(email, FIXTURE_PASSWORD);
      const code = async (query: string) => String((await c.gql(query)).errors?.[0]?.extensions?.code);
      // Past the guard, the missing quote answers NOT_FOUND.
      codes[role] = [await code(save), await code(send)];
    }
    expect(codes).toEqual({
      Admin: ['NOT_FOUND', 'NOT_FOUND'],
      Service: ['NOT_FOUND', 'NOT_FOUND'],
      CustomerService: ['NOT_FOUND', 'FORBIDDEN'],
      Customer: ['FORBIDDEN', 'FORBIDDEN'],
    });
  });

  it('answers every guarded REST route with 401 when signed out', async () => {
    const { agent, token } = await t.agentWithCsrf();
    for (const [route, access] of Object.entries(REST_ACCESS)) {
      if (access === 'public') continue;
      const [method, url] = route.split(' ') as [string, string];
      const res = await agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url)
        .set(CSRF.header, token)
        .send({});
      expect([route, res.status]).toEqual([route, 401]);
    }
  });
});
