import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { adminCompany } from '../../testing/adminCompany';
import { recordedMutation, refusal } from '../../testing/mutations';
import { punchoutCardMock } from '../../testing/punchoutCard';
import { renderRoute } from '../../testing/render';
import { PunchoutCard } from './PunchoutCard';
import { RotatePunchoutSecretDocument, SavePunchoutCredentialDocument } from './punchout.generated';

/* Console → a company → Punchout (issue 57, decision 073): the credential saved, its secret shown once, documents. */

const ID = '00000000-0000-4000-8000-00000000c0c7';
const PAT = '00000000-0000-4000-8000-0000000000e1';
const company = adminCompany(ID, {
  people: [
    {
      __typename: 'AdminCompanyPerson',
      userId: PAT,
      name: 'Pat Procurer',
      email: 'pat@plant.example',
      role: 'Buyer',
    },
  ],
} as never);
const credential = (over: Record<string, unknown> = {}) => ({
  __typename: 'PunchoutCredential',
  id: '00000000-0000-4000-8000-0000000000f1',
  companyId: ID,
  systemName: 'SAP Ariba',
  fromDomain: 'NetworkID',
  fromIdentity: 'AN0100',
  senderDomain: 'NetworkID',
  senderIdentity: 'AN0200',
  hasSecret: false,
  previousSecretUntil: null,
  returnUrls: [
    { __typename: 'PunchoutReturnUrl', environment: 'production', url: 'https://buyer.example/return' },
  ],
  actingUserId: PAT,
  ociUsername: null,
  hasOciPassword: false,
  statusUrl: null,
  hasStatusCredential: false,
  enabled: true,
  updatedAt: '2030-01-02T15:00:00.000Z',
  version: 1,
  ...over,
});

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <PunchoutCard company={company} />
    </App>,
    { path: `/admin/companies/${ID}`, mocks },
  );
}

jest.setTimeout(60_000);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Console → a company’s Punchout card', () => {
  it('saves a new credential with its identities and return URL, acting as each buyer by e-mail', async () => {
    const { mock, sent } = recordedMutation(SavePunchoutCredentialDocument, () => ({
      data: { savePunchoutCredential: credential({ actingUserId: null }) },
    }));
    show([punchoutCardMock(ID), mock]);
    expect(await screen.findByText(/This company has no punchout credential yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up punchout' }));
    type('Procurement system', 'Coupa');
    type('From identity', 'AN0100');
    type('Sender identity', 'AN0200');
    fireEvent.click(screen.getByRole('button', { name: 'Add a return URL' }));
    type('Return URL', 'https://buyer.example/return');
    fireEvent.click(screen.getByRole('button', { name: 'Save punchout settings' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      companyId: ID,
      input: expect.objectContaining({
        systemName: 'Coupa',
        fromDomain: 'NetworkID',
        fromIdentity: 'AN0100',
        senderIdentity: 'AN0200',
        returnUrls: [{ environment: 'production', url: 'https://buyer.example/return' }],
        actingUserId: null,
        ociPassword: null,
        statusCredential: null,
        enabled: true,
      }),
    });
  });

  it('refuses a return URL that is not http(s) before sending, and says the server’s refusal by its field', async () => {
    const { mock, sent } = recordedMutation(
      SavePunchoutCredentialDocument,
      refusal('BAD_USER_INPUT', 'This OCI user name is used by another company', [
        { field: 'ociUsername', message: 'This OCI user name is used by another company' },
      ]),
    );
    show([punchoutCardMock(ID, { credential: credential() }), mock]);
    expect(await screen.findByText('SAP Ariba, identity NetworkID AN0100.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit punchout settings' }));
    await screen.findByDisplayValue('https://buyer.example/return');
    type('Return URL', 'ftp://buyer.example/return');
    fireEvent.click(screen.getByRole('button', { name: 'Save punchout settings' }));
    expect(await screen.findByText('Return URL must be an http or https address')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();

    type('Return URL', 'https://buyer.example/return');
    type('OCI user name', 'plant-oci');
    fireEvent.click(screen.getByRole('button', { name: 'Save punchout settings' }));
    await waitFor(() =>
      expect(screen.getAllByText('This OCI user name is used by another company').length).toBeGreaterThan(0),
    );
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('makes the shared secret and shows it once, to copy', async () => {
    const { mock, sent } = recordedMutation(RotatePunchoutSecretDocument, () => ({
      data: {
        rotatePunchoutSecret: {
          __typename: 'PunchoutSecret',
          secret: 'pSx-once-only-secret-123456',
          credential: credential({ hasSecret: true }),
        },
      },
    }));
    show([punchoutCardMock(ID, { credential: credential() }), mock]);
    expect(await screen.findByText(/No shared secret yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make the shared secret' }));
    expect(await screen.findByText('pSx-once-only-secret-123456')).toBeTruthy();
    expect(screen.getByText(/it is shown only once/)).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ companyId: ID });
    expect(await screen.findByText('A shared secret is set. It is never shown again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a new secret' })).toBeTruthy();
  });

  it('lists the sessions and the documents, each opening on its XML', async () => {
    show([
      punchoutCardMock(ID, {
        credential: credential({ hasSecret: true }),
        sessions: [
          {
            __typename: 'PunchoutSessionSummary',
            id: 's1',
            protocol: 'cxml',
            operation: 'edit',
            userEmail: 'pat@plant.example',
            framed: true,
            createdAt: '2030-01-02T14:00:00.000Z',
            openedAt: '2030-01-02T14:01:00.000Z',
            endedAt: null,
          },
        ],
        messages: [
          {
            __typename: 'PunchoutMessage',
            id: 'm1',
            direction: 'in',
            kind: 'order-request',
            payloadId: 'p1@buyer',
            document: '<cXML><SharedSecret>***</SharedSecret><OrderRequest/></cXML>',
            httpStatus: null,
            createdAt: '2030-01-02T15:00:00.000Z',
          },
        ],
      }),
    ]);
    expect(await screen.findByText('1 document')).toBeTruthy();
    expect(screen.getByText('1 recent session')).toBeTruthy();
    expect(screen.getByText(/pat@plant\.example .* in a frame · open/)).toBeTruthy();
    fireEvent.click(screen.getByText(/order-request/));
    const xml = await screen.findByLabelText('Document');
    expect(within(xml).getByText(/<SharedSecret>\*\*\*<\/SharedSecret>/)).toBeTruthy();
  });
});
