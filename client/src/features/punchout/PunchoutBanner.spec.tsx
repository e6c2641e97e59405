import { describe, expect, it, jest } from '@jest/globals';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import enUS from '../../i18n/messages/en-US.json';
import frCA from '../../i18n/messages/fr-CA.json';
import { createCache } from '../../lib/apollo';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { PunchoutSessionDocument, TransferPunchoutCartDocument } from './graphql/punchout.generated';
import { PunchoutBanner } from './PunchoutBanner';

/* The punchout banner (decision 072): the procurement system named, and its two ways back, posted at once. */

const session = (readOnly = false): MockedResponse => ({
  request: { query: PunchoutSessionDocument },
  result: {
    data: {
      punchoutSession: {
        __typename: 'PunchoutSession',
        systemName: 'SAP Ariba',
        operation: readOnly ? 'inspect' : 'create',
        protocol: 'cxml',
        readOnly,
      },
    },
  },
});

const form = () => ({
  data: {
    transferPunchoutCart: {
      __typename: 'PunchoutTransferForm',
      action: 'https://buyer.example/return',
      target: null,
      fields: [{ __typename: 'PunchoutFormField', name: 'cxml-urlencoded', value: '<cXML/>' }],
    },
  },
});

function renderBanner(mocks: MockedResponse[], locale: 'en-US' | 'fr-CA' = 'en-US') {
  return render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <IntlProvider locale={locale} messages={locale === 'fr-CA' ? frCA : enUS}>
        <PunchoutBanner />
      </IntlProvider>
    </MockedProvider>,
  );
}

describe('PunchoutBanner', () => {
  it('names the procurement system and posts the transfer form to it', async () => {
    const submitted: { action: string; fields: Record<string, string> }[] = [];
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push({
        action: this.action,
        fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>),
      });
    });
    const transfer = recordedMutation(TransferPunchoutCartDocument, form);
    renderBanner([meAnswer(signedInUser()), session(), transfer.mock]);
    expect(
      await screen.findByText(
        'You are shopping from SAP Ariba. When your cart is ready, transfer it back to SAP Ariba.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer cart' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(transfer.sent).toHaveBeenCalledWith({ cancel: false });
    expect(submitted[0]).toEqual({
      action: 'https://buyer.example/return',
      fields: { 'cxml-urlencoded': '<cXML/>' },
    });
    submit.mockRestore();
  });

  it('Return without items asks for the empty transfer; a refusal says so and posts nothing', async () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const transfer = recordedMutation(
      TransferPunchoutCartDocument,
      refusal('FORBIDDEN', 'This is not a punchout session.'),
    );
    renderBanner([meAnswer(signedInUser()), session(), transfer.mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Return without items' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'We could not send your cart back. Please try again.',
    );
    expect(transfer.sent).toHaveBeenCalledWith({ cancel: true });
    expect(submit).not.toHaveBeenCalled();
    submit.mockRestore();
  });

  it('says an inspected cart cannot be changed, in French too', async () => {
    renderBanner([meAnswer(signedInUser()), session(true)], 'fr-CA');
    expect(
      await screen.findByText('Vous consultez un panier de SAP Ariba. Il ne peut pas être modifié ici.'),
    ).toBeTruthy();
  });
});
