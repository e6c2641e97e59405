import { randomBytes } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { CXML_DTD, PUNCHOUT_MAX_BYTES, punchoutMessage } from '../../../../domain/punchout';
import type { CxmlIdentity } from './credentials';

/*
 * cXML read safely and written (decision 072). Reading: a size limit first, then the text must be well-formed XML
 * without a DTD internal subset (so no entity is ever declared, let alone expanded: a billion-laughs or an XXE
 * document is refused before it is parsed), parsed by fast-xml-parser with entity processing off; only the five
 * predefined entities and character references are decoded, any other `&name;` stays as its text. Each document
 * kind is then read by its own small reader that checks the fields it uses. Writing: xmlbuilder2, which escapes
 * every text and attribute.
 */

/** A document the store refuses, with the cXML status to answer (400, 401, 413) and why. */
export class CxmlError extends Error {
  override name = 'CxmlError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The predefined entities and character references decoded, in one pass; any other reference kept as text. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  alwaysCreateTextNode: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  tagValueProcessor: (_name, value) => decodeXmlText(value),
  attributeValueProcessor: (_name, value) => decodeXmlText(value),
});

type Raw = Record<string, unknown>;

/** An element as read: its children by name, its attributes and its text, nothing else reachable. */
export class XmlNode {
  constructor(
    readonly name: string,
    private readonly raw: Raw,
  ) {}

  /** Its child elements of that name, in order. */
  all(name: string): XmlNode[] {
    const value = Object.hasOwn(this.raw, name) ? this.raw[name] : undefined;
    if (!Array.isArray(value)) return [];
    return value
      .filter((v): v is Raw => typeof v === 'object' && v !== null)
      .map((v) => new XmlNode(name, v));
  }

  /** Its first child of that name (a path of names: `one('ItemID', 'SupplierPartID')`), or null. */
  one(...path: string[]): XmlNode | null {
    return path.reduce<XmlNode | null>((node, name) => node?.all(name)[0] ?? null, this);
  }

  /** Its text (trimmed), or of the child at that path; '' when absent. */
  text(...path: string[]): string {
    const node = path.length ? this.one(...path) : this;
    const value = node && Object.hasOwn(node.raw, '#text') ? node.raw['#text'] : '';
    return typeof value === 'string' ? value : String(value ?? '');
  }

  /** An attribute's value, or ''. */
  attr(name: string): string {
    const key = `@${name}`;
    const value = Object.hasOwn(this.raw, key) ? this.raw[key] : '';
    return typeof value === 'string' ? value : '';
  }

  /** The names of its child elements, in document order of first appearance. */
  childNames(): string[] {
    return Object.keys(this.raw).filter((k) => k !== '#text' && !k.startsWith('@'));
  }
}

/** The root element of a safe XML document (`root` its expected name), or a CxmlError. */
export function readXml(text: string, root: string): XmlNode {
  if (Buffer.byteLength(text, 'utf8') > PUNCHOUT_MAX_BYTES) {
    throw new CxmlError(413, punchoutMessage('tooLarge'));
  }
  // A DTD's internal subset is where entities are declared: none is accepted (the cXML DOCTYPE has none).
  if (/<!DOCTYPE[^>[]*\[/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new CxmlError(400, punchoutMessage('entitiesRefused'));
  }
  const trimmed = text.trim();
  if (!trimmed.startsWith('<') || XMLValidator.validate(trimmed) !== true) {
    throw new CxmlError(400, punchoutMessage('notXml'));
  }
  let parsed: Raw;
  try {
    parsed = parser.parse(trimmed) as Raw;
  } catch {
    throw new CxmlError(400, punchoutMessage('notXml'));
  }
  const node = new XmlNode('#document', parsed).one(root);
  if (!node) throw new CxmlError(400, punchoutMessage('notXml'));
  return node;
}

/** A cXML document's envelope: what every kind carries, checked. */
export interface CxmlEnvelope {
  payloadId: string;
  timestamp: string;
  /** xml:lang, e.g. en-US ('' when absent). */
  lang: string;
  from: CxmlIdentity[];
  to: CxmlIdentity[];
  sender: CxmlIdentity[];
  sharedSecret: string;
  userAgent: string;
  /** The request element (PunchOutSetupRequest, OrderRequest...) and its Request's deploymentMode; or null. */
  request: { name: string; deploymentMode: string; node: XmlNode } | null;
  /** The message element (PunchOutOrderMessage...), or null. */
  message: { name: string; node: XmlNode } | null;
  /** The Response's Status and its element, or null. */
  response: { code: number; text: string; message: string; node: XmlNode } | null;
  root: XmlNode;
}

function identities(node: XmlNode | null): CxmlIdentity[] {
  return (node?.all('Credential') ?? [])
    .map((c) => ({ domain: c.attr('domain'), identity: c.text('Identity') }))
    .filter((c) => c.domain && c.identity);
}

const missing = (field: string) => new CxmlError(400, punchoutMessage('missingField', 'en-US', field));

/** Reads a cXML document (safely, readXml) and checks its envelope: payloadID, From, To, Sender. */
export function readCxml(text: string): CxmlEnvelope {
  const root = readXml(text, 'cXML');
  const payloadId = root.attr('payloadID');
  if (!payloadId) throw missing('payloadID');
  const header = root.one('Header');
  const from = identities(header?.one('From') ?? null);
  const to = identities(header?.one('To') ?? null);
  const senderNode = header?.one('Sender') ?? null;
  const sender = identities(senderNode);
  const requestNode = root.one('Request');
  const requestName = requestNode?.childNames()[0];
  const messageNode = root.one('Message');
  const messageName = messageNode?.childNames().find((n) => n !== 'Status');
  const responseNode = root.one('Response');
  const status = responseNode?.one('Status');
  const envelope: CxmlEnvelope = {
    payloadId,
    timestamp: root.attr('timestamp'),
    lang: root.attr('xml:lang'),
    from,
    to,
    sender,
    sharedSecret: senderNode?.text('Credential', 'SharedSecret') ?? '',
    userAgent: senderNode?.text('UserAgent') ?? '',
    request:
      requestNode && requestName
        ? {
            name: requestName,
            deploymentMode: requestNode.attr('deploymentMode') || 'production',
            node: requestNode.one(requestName)!,
          }
        : null,
    message: messageNode && messageName ? { name: messageName, node: messageNode.one(messageName)! } : null,
    response:
      responseNode && status
        ? {
            code: Number(status.attr('code')),
            text: status.attr('text'),
            message: status.text(),
            node: responseNode,
          }
        : null,
    root,
  };
  if (envelope.request) {
    if (from.length === 0) throw missing('Header/From/Credential');
    if (sender.length === 0) throw missing('Header/Sender/Credential');
  }
  return envelope;
}

/** A new payloadID: time, randomness and the store's domain, as cXML asks. */
export function newPayloadId(): string {
  return `${Date.now()}.${randomBytes(8).toString('hex')}@axisline.example`;
}

/** The store's identity in the documents it writes. */
export const STORE_IDENTITY: CxmlIdentity = { domain: 'DUNS', identity: 'axisline-supply' };

export interface CxmlWrite {
  payloadId?: string;
  lang?: string;
  /** The header's From, To and Sender (the store's documents to a buyer: omitted for responses). */
  header?: { from: CxmlIdentity[]; to: CxmlIdentity[]; sender: CxmlIdentity; sharedSecret?: string };
  /** Adds the document's body (Request, Response or Message) to the cXML element. */
  body(cxml: XMLBuilder): void;
}

/** Writes a cXML document with its DOCTYPE (every text and attribute escaped by xmlbuilder2). */
export function writeCxml(doc: CxmlWrite): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: CXML_DTD })
    .ele('cXML', {
      payloadID: doc.payloadId ?? newPayloadId(),
      timestamp: new Date().toISOString(),
      'xml:lang': doc.lang ?? 'en-US',
    });
  if (doc.header) {
    const header = root.ele('Header');
    const credentials = (parent: XMLBuilder, list: CxmlIdentity[]) => {
      for (const c of list) parent.ele('Credential', { domain: c.domain }).ele('Identity').txt(c.identity);
    };
    credentials(header.ele('From'), doc.header.from);
    credentials(header.ele('To'), doc.header.to);
    const sender = header.ele('Sender');
    const credential = sender.ele('Credential', { domain: doc.header.sender.domain });
    credential.ele('Identity').txt(doc.header.sender.identity);
    if (doc.header.sharedSecret !== undefined) credential.ele('SharedSecret').txt(doc.header.sharedSecret);
    sender.ele('UserAgent').txt('Axisline Supply');
  }
  doc.body(root);
  return root.end({ prettyPrint: true });
}

/** A cXML Response: its Status (code, text, the reason as its content) and, for a 200, what `content` adds. */
export function cxmlResponse(
  status: { code: number; text: string; message?: string },
  content?: (response: XMLBuilder) => void,
  lang?: string,
): string {
  return writeCxml({
    lang,
    body(cxml) {
      const response = cxml.ele('Response');
      const el = response.ele('Status', { code: String(status.code), text: status.text });
      if (status.message) el.txt(status.message);
      content?.(response);
    },
  });
}

/** The status text cXML pairs with a code. */
export function statusText(code: number): string {
  return (
    {
      200: 'OK',
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      413: 'Request Entity Too Large',
      429: 'Too Many Requests',
    }[code] ?? 'Internal Server Error'
  );
}

/** A document as it may be stored: the SharedSecret's text, an OCI PASSWORD's value and StartPage tokens replaced. */
export function maskSecrets(text: string): string {
  return (
    text
      .replace(/(<SharedSecret\b[^>]*>)[\s\S]*?(<\/SharedSecret>)/gi, '$1***$2')
      .replace(/(<(?:[A-Za-z]+:)?Password\b[^>]*>)[\s\S]*?(<\/(?:[A-Za-z]+:)?Password>)/gi, '$1***$2')
      .replace(/((?:^|&)PASSWORD=)[^&]*/g, '$1***')
      // A StartPage's one-time token signs its buyer in: never kept readable.
      .replace(/(\/punchout\/start\/)[A-Za-z0-9_-]+/g, '$1***')
  );
}
