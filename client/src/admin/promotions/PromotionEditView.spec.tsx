import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { renderRoute } from '../../testing/render';
import {
  AdminPromotionDocument,
  PromotionChoicesDocument,
  SavePromotionDocument,
} from './promotions.generated';
import { PromotionEditView } from './PromotionEditView';

/* Console → Promotions: a new promotion's form (issue 58): refusals next to their fields, then the save. */

const choices: MockedResponse = {
  request: { query: PromotionChoicesDocument },
  result: {
    data: {
      promotionChoices: {
        __typename: 'PromotionChoices',
        brands: [],
        categories: [],
        companies: [],
        priceLists: ['contract-1'],
      },
    },
  },
};

const saved = (input: Record<string, unknown>) => ({
  __typename: 'AdminPromotion' as const,
  id: '0b6f3f5e-2f0c-4c65-9a57-0b0e0d5f0a01',
  name: input.name,
  code: input.code,
  automatic: false,
  status: 'active',
  startsAt: null,
  endsAt: null,
  sites: input.sites,
  redemptions: 0,
  discountTotal: 0,
  version: 1,
  note: '',
  currency: null,
  form: { __typename: 'PromotionForm' as const, ...input },
  batches: [],
  redemptionsLatest: [],
});

jest.setTimeout(120_000);
describe('Console → Promotions → New', () => {
  it('refuses a blank name and a percentage over 100 next to their fields, then saves the promotion', async () => {
    let sent: Record<string, unknown> | null = null;
    const { location } = renderRoute(
      <App>
        <PromotionEditView />
      </App>,
      {
        path: '/admin/promotions/new',
        route: '/admin/promotions/:id',
        mocks: [
          choices,
          {
            request: { query: SavePromotionDocument, variables: () => true },
            result: (variables: { input: Record<string, unknown> }) => {
              sent = variables.input;
              return { data: { savePromotion: saved(variables.input) } };
            },
          } as MockedResponse,
          // After the save the page is the promotion's own, read from the server (and read again once saved).
          ...[1, 2, 3].map((): MockedResponse => ({
            request: {
              query: AdminPromotionDocument,
              variables: { id: '0b6f3f5e-2f0c-4c65-9a57-0b0e0d5f0a01' },
            },
            result: () => ({ data: { adminPromotion: saved(sent!) } }),
          })),
        ],
      },
    );
    const pct = await screen.findByLabelText('Percentage');
    fireEvent.change(pct, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save promotion' }));
    expect(await screen.findByText('Name the promotion.')).toBeTruthy();
    expect(await screen.findByText('Enter a percentage from 0.01 to 100.')).toBeTruthy();
    expect(sent).toBeNull();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Spring show ' } });
    fireEvent.change(screen.getByLabelText('Shared code'), { target: { value: 'spring-26' } });
    fireEvent.change(pct, { target: { value: '12.5' } });
    fireEvent.blur(pct);
    fireEvent.click(screen.getByRole('button', { name: 'Save promotion' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      name: 'Spring show',
      code: 'SPRING-26',
      pct: 12.5,
      actionKind: 'linesPercent',
      sites: ['axl', 'pay-us'],
      guests: true,
      companies: 'all',
    });
    await waitFor(() =>
      expect(location().pathname).toBe('/admin/promotions/0b6f3f5e-2f0c-4c65-9a57-0b0e0d5f0a01'),
    );
    expect(await screen.findByText('Make codes')).toBeTruthy();
  });
});
