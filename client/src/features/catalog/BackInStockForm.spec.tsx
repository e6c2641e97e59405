import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { meAnswer as me, signedInUser } from '../../testing/auth';
import enUS from '../../i18n/messages/en-US.json';
import esMX from '../../i18n/messages/es-MX.json';
import frCA from '../../i18n/messages/fr-CA.json';
import { BackInStockForm } from './BackInStockForm';
import { NotifyBackInStockDocument } from './graphql/catalog.generated';

const CATALOGUES = { 'en-US': enUS, 'fr-CA': frCA, 'es-MX': esMX } as const;
type Locale = keyof typeof CATALOGUES;
const ITEM = 'SFU1605-500';

const asked = (email: string, answer: { status: string } | { error: GraphQLError }): MockedResponse => ({
  request: { query: NotifyBackInStockDocument, variables: { email, itemId: ITEM } },
  result:
    'error' in answer
      ? { errors: [answer.error] }
      : {
          data: {
            notifyBackInStock: {
              __typename: 'BackInStockAnswer',
              email,
              itemId: ITEM,
              status: answer.status,
            },
          },
        },
});

function show(locale: Locale, mocks: MockedResponse[], path = '/product/detail/SFU1605-500') {
  return render(
    <MockedProvider mocks={mocks}>
      <IntlProvider locale={locale} messages={CATALOGUES[locale]}>
        <MemoryRouter initialEntries={[path]}>
          <BackInStockForm itemId={ITEM} />
        </MemoryRouter>
      </IntlProvider>
    </MockedProvider>,
  );
}

const LABEL: Record<Locale, RegExp> = {
  'en-US': /E-mail me/,
  'fr-CA': /M'avertir par courriel/,
  'es-MX': /Avísame por correo/,
};
const SUBMIT: Record<Locale, string> = { 'en-US': 'Notify Me', 'fr-CA': "M'avertir", 'es-MX': 'Avisarme' };

async function submit(locale: Locale, email?: string) {
  const field = await screen.findByLabelText(LABEL[locale]);
  if (email !== undefined) fireEvent.change(field, { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: SUBMIT[locale] }));
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** What the page says for each answer of the server (issue 52, item 2; decision 053). */
const SAYS: Record<string, Record<Locale, string>> = {
  confirmation_sent: {
    'en-US':
      'Check your inbox: we sent a link to ada@plant.example. Open it to confirm, then we will e-mail you as soon as this item is back in stock.',
    'fr-CA':
      'Vérifiez votre boîte de réception : nous avons envoyé un lien à ada@plant.example. Ouvrez-le pour confirmer, puis nous vous écrirons dès que cet article sera de retour en stock.',
    'es-MX':
      'Revisa tu bandeja de entrada: enviamos un enlace a ada@plant.example. Ábrelo para confirmar y te escribiremos en cuanto este artículo vuelva a estar disponible.',
  },
  created: {
    'en-US': 'Thanks! We will e-mail you as soon as it is back in stock.',
    'fr-CA': "Merci! Nous vous écrirons dès qu'il sera de retour en stock.",
    'es-MX': '¡Gracias! Te escribiremos en cuanto vuelva a estar disponible.',
  },
  already_requested: {
    'en-US': 'You are already on the list for this item. We will e-mail you when it is back.',
    'fr-CA': 'Vous êtes déjà sur la liste pour cet article. Nous vous écrirons à son retour.',
    'es-MX': 'Ya estás en la lista para este artículo. Te escribiremos cuando regrese.',
  },
};

describe('back-in-stock form', () => {
  const cases = Object.keys(SAYS).flatMap((status) =>
    (Object.keys(CATALOGUES) as Locale[]).map((locale) => [status, locale] as const),
  );

  it.each(cases)('says what happened: %s, in %s', async (status, locale) => {
    const signedIn = status !== 'confirmation_sent';
    show(locale, [me(signedIn ? signedInUser() : null), asked('ada@plant.example', { status })]);
    if (signedIn) {
      // Signed in, the buyer's own address is filled in: that is the one the store takes.
      expect(await screen.findByDisplayValue('ada@plant.example')).toBeTruthy();
      await submit(locale);
    } else {
      await submit(locale, 'ada@plant.example');
    }
    expect((await screen.findByRole('status')).textContent).toBe(SAYS[status]![locale]);
  });

  it('shows a refusal next to the field, in the shopper’s language', async () => {
    const own = 'Signed in, you can ask for notices only at your own e-mail address.';
    show('fr-CA', [
      me(signedInUser()),
      asked('someone@else.example', {
        error: new GraphQLError(own, {
          extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'email', message: own }] },
        }),
      }),
    ]);
    await screen.findByDisplayValue('ada@plant.example');
    await submit('fr-CA', 'someone@else.example');
    const field = screen.getByLabelText(LABEL['fr-CA']);
    const said = await screen.findByText(
      'Connecté, vous pouvez demander des avis seulement à votre propre adresse courriel.',
    );
    expect(field.getAttribute('aria-describedby')).toBe(said.id);
  });

  it('says too many e-mails were asked for (no field of its own) next to the field', async () => {
    show('es-MX', [
      me(null),
      asked('ada@plant.example', {
        error: new GraphQLError('Too many e-mails asked for. Please try again later.', {
          extensions: { code: 'TOO_MANY_REQUESTS' },
        }),
      }),
    ]);
    await submit('es-MX', 'ada@plant.example');
    expect(await screen.findByText('Se pidieron demasiados correos. Inténtelo más tarde.')).toBeTruthy();
  });

  it('after the e-mailed link: confirmed, or the link no longer works and the form is offered again', async () => {
    const confirmed = show('en-US', [me(null)], '/product/detail/SFU1605-500?backInStock=confirmed');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Confirmed. We will e-mail you as soon as this item is back in stock.',
    );
    confirmed.unmount();
    show('fr-CA', [me(null)], '/product/detail/SFU1605-500?backInStock=expired');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Ce lien de confirmation ne fonctionne plus (déjà utilisé, remplacé par un plus récent ou expiré). Refaites la demande ci-dessous.',
    );
    expect(screen.getByRole('button', { name: "M'avertir" })).toBeTruthy();
  });
});
