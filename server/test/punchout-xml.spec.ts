import { describe, expect, it } from '@jest/globals';
import { CxmlError, cxmlResponse, maskSecrets, readCxml, writeCxml } from '../src/modules/punchout/xml';
import { loggedUrl } from '../src/request-log';
import { PUNCHOUT_MAX_BYTES, unitCode, ociDescription, unspscOfCategory } from '../../domain/punchout';

const setup = (body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="1.2@buyer.example" timestamp="2026-12-03T10:00:00Z" xml:lang="fr-CA">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-BUYER</Identity></Credential>
      <Credential domain="DUNS"><Identity>123456789</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>axisline-supply</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-BUYER</Identity>
      <SharedSecret>s3cret &amp; more</SharedSecret></Credential><UserAgent>Ariba</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">${body}</Request>${extra}
</cXML>`;

/** The CxmlError a read throws (fails when it reads). */
function refusal(text: string): CxmlError {
  try {
    readCxml(text);
  } catch (err) {
    if (err instanceof CxmlError) return err;
    throw err;
  }
  throw new Error('the document was read');
}

describe('cXML read safely', () => {
  it('reads the envelope: payloadID, every From credential, the Sender and its secret, the request', () => {
    const doc = readCxml(
      setup(`<PunchOutSetupRequest operation="create"><BuyerCookie>c&lt;1&gt;</BuyerCookie>
        <Extrinsic name="UserEmail">pat@buyer.example</Extrinsic>
        <BrowserFormPost><URL>https://buyer.example/return?x=1&amp;y=2</URL></BrowserFormPost>
      </PunchOutSetupRequest>`),
    );
    expect(doc.payloadId).toBe('1.2@buyer.example');
    expect(doc.lang).toBe('fr-CA');
    expect(doc.from).toEqual([
      { domain: 'NetworkID', identity: 'AN-BUYER' },
      { domain: 'DUNS', identity: '123456789' },
    ]);
    expect(doc.sender).toEqual([{ domain: 'NetworkID', identity: 'AN-BUYER' }]);
    expect(doc.sharedSecret).toBe('s3cret & more');
    expect(doc.request?.name).toBe('PunchOutSetupRequest');
    expect(doc.request?.deploymentMode).toBe('test');
    const request = doc.request!.node;
    expect(request.attr('operation')).toBe('create');
    expect(request.text('BuyerCookie')).toBe('c<1>');
    expect(request.text('BrowserFormPost', 'URL')).toBe('https://buyer.example/return?x=1&y=2');
    expect(request.all('Extrinsic').map((e) => [e.attr('name'), e.text()])).toEqual([
      ['UserEmail', 'pat@buyer.example'],
    ]);
  });

  it('refuses a billion-laughs document before parsing it, quickly and without expanding anything', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n ')}
]>
<cXML payloadID="x"><Request><PunchOutSetupRequest><BuyerCookie>&lol9;</BuyerCookie></PunchOutSetupRequest></Request></cXML>`;
    const started = Date.now();
    const err = refusal(laughs);
    expect(err.status).toBe(400);
    expect(err.message).toBe('The document may not declare a DTD subset or entities.');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an XXE document: the external entity is never resolved', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<cXML payloadID="x"><Request><PunchOutSetupRequest><BuyerCookie>&xxe;</BuyerCookie></PunchOutSetupRequest></Request></cXML>`;
    const err = refusal(xxe);
    expect(err.status).toBe(400);
    expect(err.message).not.toContain('root:');
  });

  it('keeps an undeclared entity reference as its text (nothing is looked up)', () => {
    const doc = readCxml(
      setup('<PunchOutSetupRequest><BuyerCookie>&xxe; &#65;&#x42;</BuyerCookie></PunchOutSetupRequest>'),
    );
    expect(doc.request!.node.text('BuyerCookie')).toBe('&xxe; AB');
  });

  it('refuses a document over PUNCHOUT_MAX_BYTES with 413, before reading it', () => {
    const big = setup(
      `<PunchOutSetupRequest><BuyerCookie>${'x'.repeat(PUNCHOUT_MAX_BYTES)}</BuyerCookie></PunchOutSetupRequest>`,
    );
    expect(refusal(big).status).toBe(413);
  });

  it('refuses what is not XML, not well-formed, or not cXML', () => {
    expect(refusal('operation=create&cookie=1').message).toBe('The request is not a cXML document.');
    expect(refusal('<cXML payloadID="x"><Header></cXML>').status).toBe(400);
    expect(refusal('<Order payloadID="x"/>').message).toBe('The request is not a cXML document.');
    expect(refusal('').status).toBe(400);
  });

  it('refuses a request without payloadID or without its credentials, naming what is missing', () => {
    expect(refusal('<cXML><Request><PunchOutSetupRequest/></Request></cXML>').message).toBe(
      'The request is missing payloadID.',
    );
    expect(
      refusal(
        '<cXML payloadID="p"><Header><From/><To/><Sender/></Header><Request><PunchOutSetupRequest/></Request></cXML>',
      ).message,
    ).toBe('The request is missing Header/From/Credential.');
  });
});

describe('cXML written', () => {
  it('escapes every text and attribute, and carries the DOCTYPE and a payloadID', () => {
    const text = writeCxml({
      header: {
        from: [{ domain: 'DUNS', identity: 'a"b' }],
        to: [{ domain: 'NetworkID', identity: 'c' }],
        sender: { domain: 'DUNS', identity: 'a' },
      },
      body(cxml) {
        cxml.ele('Message').ele('PunchOutOrderMessage').ele('BuyerCookie').txt('<x>&</x>');
      },
    });
    expect(text).toContain('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">');
    expect(text).toContain('&lt;x&gt;&amp;&lt;/x&gt;');
    const back = readCxml(text);
    expect(back.message?.name).toBe('PunchOutOrderMessage');
    expect(back.message?.node.text('BuyerCookie')).toBe('<x>&</x>');
    expect(back.from).toEqual([{ domain: 'DUNS', identity: 'a"b' }]);
  });

  it('answers a status with its reason', () => {
    const back = readCxml(cxmlResponse({ code: 401, text: 'Unauthorized', message: 'No <secret>' }));
    expect(back.response).toMatchObject({ code: 401, text: 'Unauthorized', message: 'No <secret>' });
  });

  it('keeps a StartPage token and an OCI password out of the access log', () => {
    expect(loggedUrl('/punchout/start/abcDEF123_-?x=1')).toBe('/punchout/start/[hidden]?x=1');
    expect(loggedUrl('/punchout/oci?USERNAME=u&PASSWORD=s3cret&HOOK_URL=x')).toBe(
      '/punchout/oci?USERNAME=u&PASSWORD=[hidden]&HOOK_URL=x',
    );
  });

  it('masks the shared secret and an OCI password before a document is stored', () => {
    expect(maskSecrets('<SharedSecret>abc</SharedSecret>')).toBe('<SharedSecret>***</SharedSecret>');
    expect(maskSecrets('USERNAME=u&PASSWORD=p%20w&HOOK_URL=x')).toBe('USERNAME=u&PASSWORD=***&HOOK_URL=x');
  });
});

describe('punchout rules', () => {
  it('maps the store units to UN/CEFACT codes', () => {
    expect(['EA', 'PK', 'MM', 'SQM', 'm', ''].map(unitCode)).toEqual(['EA', 'PK', 'MMT', 'MTK', 'MTR', 'EA']);
  });

  it('gives each demo category its UNSPSC code, the longest prefix winning', () => {
    expect(unspscOfCategory('fasteners/t-nuts')).toBe('31161700');
    expect(unspscOfCategory('fasteners/screws-bolts')).toBe('31161500');
    expect(unspscOfCategory('nothing')).toBeNull();
  });

  it('cuts an OCI description to 40 characters and keeps the whole text in 132-character lines', () => {
    const text = 'x'.repeat(300);
    const { short, longText } = ociDescription(text);
    expect(short).toHaveLength(40);
    expect(longText.map((l) => l.length)).toEqual([132, 132, 36]);
  });
});
