import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

/*
 * A fake procurement system (SAP Ariba, Coupa, SAP SRM...) on loopback, for the punchout tests (jest and e2e): it
 * writes the setup requests a real one sends, and receives the carts the store transfers back (cXML
 * PunchOutOrderMessage posted as cxml-urlencoded, or OCI NEW_ITEM fields), answering a page that says what came.
 */

/** The identities and secret the procurement system sends (matching the company's credential). */
export interface ProcurementIdentity {
  fromDomain: string;
  fromIdentity: string;
  senderDomain: string;
  senderIdentity: string;
  secret: string;
}

/** A transferred line as the procurement system reads it. */
export interface ReceivedItem {
  supplierPartId: string;
  supplierPartAuxiliaryId: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  unitOfMeasure: string;
  description: string;
  unspsc: string;
  manufacturerPartId: string;
  /** OCI: the LONGTEXT lines. */
  longText?: string[];
}

/** A cart the store transferred (cXML or OCI), as received. */
export interface ReceivedCart {
  protocol: 'cxml' | 'oci';
  path: string;
  /** The raw form fields. */
  fields: Record<string, string>;
  /** cXML: the PunchOutOrderMessage's text. */
  document: string;
  buyerCookie: string;
  total: number;
  currency: string;
  operationAllowed: string;
  items: ReceivedItem[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => name === 'ItemIn' || name === 'Classification',
  processEntities: true,
});

type Node = Record<string, unknown>;
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Node)[k] : undefined), node);
const str = (v: unknown): string =>
  typeof v === 'string' ? v : v && typeof v === 'object' && '#text' in v ? String((v as Node)['#text']) : '';

/** Reads a PunchOutOrderMessage as a procurement system would. */
export function readOrderMessage(document: string): Omit<ReceivedCart, 'protocol' | 'path' | 'fields'> {
  const message = at(parser.parse(document), 'cXML', 'Message', 'PunchOutOrderMessage');
  const header = at(message, 'PunchOutOrderMessageHeader');
  const items = ((at(message, 'ItemIn') as Node[] | undefined) ?? []).map((item) => ({
    supplierPartId: str(at(item, 'ItemID', 'SupplierPartID')),
    supplierPartAuxiliaryId: str(at(item, 'ItemID', 'SupplierPartAuxiliaryID')),
    quantity: Number(at(item, '@quantity')),
    unitPrice: Number(str(at(item, 'ItemDetail', 'UnitPrice', 'Money'))),
    currency: String(at(item, 'ItemDetail', 'UnitPrice', 'Money', '@currency') ?? ''),
    unitOfMeasure: str(at(item, 'ItemDetail', 'UnitOfMeasure')),
    description: str(at(item, 'ItemDetail', 'Description')),
    unspsc: str(
      ((at(item, 'ItemDetail', 'Classification') as Node[] | undefined) ?? []).find(
        (c) => c['@domain'] === 'UNSPSC',
      ),
    ),
    manufacturerPartId: str(at(item, 'ItemDetail', 'ManufacturerPartID')),
  }));
  return {
    document,
    buyerCookie: str(at(message, 'BuyerCookie')),
    total: Number(str(at(header, 'Total', 'Money'))),
    currency: String(at(header, 'Total', 'Money', '@currency') ?? ''),
    operationAllowed: String(at(header, '@operationAllowed') ?? ''),
    items,
  };
}

/** Reads an OCI transfer's NEW_ITEM-…[n] fields. */
export function readOciTransfer(
  fields: Record<string, string>,
  raw: URLSearchParams = new URLSearchParams(fields),
): Omit<ReceivedCart, 'protocol' | 'path' | 'fields'> {
  const indexes = Object.keys(fields)
    .map((k) => /^NEW_ITEM-DESCRIPTION\[(\d+)\]$/.exec(k)?.[1])
    .filter((n): n is string => !!n)
    .sort((a, b) => Number(a) - Number(b));
  const items = indexes.map((n) => {
    const f = (name: string) => fields[`NEW_ITEM-${name}[${n}]`] ?? '';
    return {
      supplierPartId: f('VENDORMAT'),
      supplierPartAuxiliaryId: f('CUST_FIELD5'),
      quantity: Number(f('QUANTITY')),
      unitPrice: Number(f('PRICE')) / (Number(f('PRICEUNIT')) || 1),
      currency: f('CURRENCY'),
      unitOfMeasure: f('UNIT'),
      description: f('DESCRIPTION'),
      unspsc: f('MATGROUP'),
      manufacturerPartId: f('MANUFACTMAT'),
      longText: raw.getAll(`NEW_ITEM-LONGTEXT_${n}:132[]`),
    };
  });
  const total = items.reduce((sum, i) => sum + Math.round(i.unitPrice * i.quantity * 100), 0) / 100;
  return {
    document: '',
    buyerCookie: '',
    total,
    currency: items[0]?.currency ?? '',
    operationAllowed: '',
    items,
  };
}

export interface SetupOptions {
  operation?: 'create' | 'edit' | 'inspect';
  buyerCookie?: string;
  email?: string;
  fullName?: string;
  /** Defaults to this system's return URL. */
  returnUrl?: string;
  secret?: string;
  lang?: string;
  items?: { partId: string; auxId?: string; quantity: number; unitPrice?: number }[];
  payloadId?: string;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The fake system: it writes setup requests and receives the carts posted to its return URL. */
export class FakeProcurement {
  readonly received: ReceivedCart[] = [];
  private base = '';
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method === 'GET' && path.startsWith('/frame?')) {
        // The procurement system's own page, showing the store's StartPage in a frame (a framed session).
        const src = new URLSearchParams(path.slice('/frame?'.length)).get('src') ?? '';
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><html><head><title>Procurement</title></head><body><h1>Requisition</h1>
           <iframe title="Supplier catalogue" src="${esc(src)}" style="width:1200px;height:800px"></iframe></body></html>`,
        );
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || !/^\/(cxml|oci)\//.test(path)) {
        // A browser's other requests (its favicon...) are no cart.
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const fields = Object.fromEntries(new URLSearchParams(text));
      const protocol = path.startsWith('/oci') ? 'oci' : 'cxml';
      let cart: ReceivedCart;
      try {
        cart =
          protocol === 'oci'
            ? { protocol, path, fields, ...readOciTransfer(fields, new URLSearchParams(text)) }
            : { protocol, path, fields, ...readOrderMessage(fields['cxml-urlencoded'] ?? '') };
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('unreadable');
        return;
      }
      this.received.push(cart);
      const rows = cart.items
        .map(
          (i) =>
            `<tr><td>${esc(i.supplierPartId)}</td><td>${i.quantity}</td><td>${esc(i.unitOfMeasure)}</td><td>${i.unitPrice.toFixed(2)}</td></tr>`,
        )
        .join('');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html><head><title>Requisition</title></head><body><h1>Cart received</h1>
         <p id="count">${cart.items.length} items</p><p id="total">${cart.total.toFixed(2)} ${esc(cart.currency)}</p>
         <table>${rows}</table></body></html>`,
      );
    });
  });

  constructor(readonly identity: ProcurementIdentity) {}

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  get origin(): string {
    return this.base;
  }

  /** Where this system receives cXML carts (its BrowserFormPost URL). */
  get returnUrl(): string {
    return `${this.base}/cxml/return`;
  }

  /** Where this system receives OCI carts (its HOOK_URL). */
  get hookUrl(): string {
    return `${this.base}/oci/hook`;
  }

  /** A PunchOutSetupRequest as this system writes it. */
  setupRequest(o: SetupOptions = {}): string {
    const items = (o.items ?? [])
      .map(
        (i) => `<ItemOut quantity="${i.quantity}"><ItemID><SupplierPartID>${esc(i.partId)}</SupplierPartID>
          <SupplierPartAuxiliaryID>${esc(i.auxId ?? '')}</SupplierPartAuxiliaryID></ItemID>
          ${i.unitPrice !== undefined ? `<ItemDetail><UnitPrice><Money currency="USD">${i.unitPrice}</Money></UnitPrice></ItemDetail>` : ''}</ItemOut>`,
      )
      .join('\n');
    return `${this.envelope(o.payloadId, o.lang, o.secret)}
    <PunchOutSetupRequest operation="${o.operation ?? 'create'}">
      <BuyerCookie>${esc(o.buyerCookie ?? 'cookie-1')}</BuyerCookie>
      ${o.email ? `<Extrinsic name="UserEmail">${esc(o.email)}</Extrinsic>` : ''}
      ${o.fullName ? `<Extrinsic name="UserFullName">${esc(o.fullName)}</Extrinsic>` : ''}
      <BrowserFormPost><URL>${esc(o.returnUrl ?? this.returnUrl)}</URL></BrowserFormPost>
      <SupplierSetup><URL>https://axisline.example/punchout/cxml/setup</URL></SupplierSetup>
      ${items}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
  }

  /** A cXML document's start as this system writes it: the payloadID, the From/To/Sender header, the request. */
  private envelope(payloadId?: string, lang = 'en-US', secret?: string): string {
    const id = this.identity;
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="${esc(payloadId ?? `${randomUUID()}@procurement.example`)}" timestamp="${new Date().toISOString()}" xml:lang="${lang}">
  <Header>
    <From><Credential domain="${esc(id.fromDomain)}"><Identity>${esc(id.fromIdentity)}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>axisline-supply</Identity></Credential></To>
    <Sender><Credential domain="${esc(id.senderDomain)}"><Identity>${esc(id.senderIdentity)}</Identity>
      <SharedSecret>${esc(secret ?? id.secret)}</SharedSecret></Credential><UserAgent>Fake Procurement 1.0</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">`;
  }

  /**
   * The purchase order this system sends once the requisition of a received cart is approved: an OrderRequest
   * whose ItemOut lines are the cart's (part number, configuration key, quantity, unit price), with a ship-to.
   */
  orderRequest(cart: ReceivedCart, orderId: string, payloadId?: string): string {
    const items = cart.items
      .map(
        (i, n) => `<ItemOut quantity="${i.quantity}" lineNumber="${n + 1}">
        <ItemID><SupplierPartID>${esc(i.supplierPartId)}</SupplierPartID>
          <SupplierPartAuxiliaryID>${esc(i.supplierPartAuxiliaryId)}</SupplierPartAuxiliaryID></ItemID>
        <ItemDetail><UnitPrice><Money currency="${esc(i.currency)}">${i.unitPrice.toFixed(2)}</Money></UnitPrice>
          <Description xml:lang="en">${esc(i.description)}</Description>
          <UnitOfMeasure>${esc(i.unitOfMeasure)}</UnitOfMeasure></ItemDetail>
      </ItemOut>`,
      )
      .join('\n');
    return `${this.envelope(payloadId)}
    <OrderRequest>
      <OrderRequestHeader orderID="${esc(orderId)}" orderDate="${new Date().toISOString()}" type="new">
        <Total><Money currency="${esc(cart.currency)}">${cart.total.toFixed(2)}</Money></Total>
        <ShipTo><Address addressID="PLANT-1"><Name xml:lang="en">Plant One</Name>
          <PostalAddress><DeliverTo>Receiving Dock 4</DeliverTo><Street>100 Industrial Way</Street>
            <City>Columbus</City><State>OH</State><PostalCode>43215</PostalCode>
            <Country isoCountryCode="US">United States</Country></PostalAddress></Address></ShipTo>
      </OrderRequestHeader>
      ${items}
    </OrderRequest>
  </Request>
</cXML>`;
  }

  /** The StartPage URL of a PunchOutSetupResponse (fails on any other answer). */
  static startPage(response: string): string {
    const url = str(
      at(parser.parse(response), 'cXML', 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL'),
    );
    if (!url) throw new Error(`no StartPage in ${response}`);
    return url;
  }

  /** A response's Status: code, text and message. */
  static status(response: string): { code: number; text: string; message: string } {
    const status = at(parser.parse(response), 'cXML', 'Response', 'Status') as Node;
    return { code: Number(status['@code']), text: String(status['@text']), message: str(status).trim() };
  }

  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }
}

/** A new identity for a test's company (unique, so tests never share a credential). */
export function newIdentity(): ProcurementIdentity {
  const tag = randomUUID().slice(0, 8);
  return {
    fromDomain: 'NetworkID',
    fromIdentity: `AN-${tag}`,
    senderDomain: 'NetworkID',
    senderIdentity: `AN-${tag}`,
    secret: `secret-${randomUUID()}`,
  };
}
