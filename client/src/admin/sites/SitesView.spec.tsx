import { describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen } from '@testing-library/react';
import { App } from 'antd';
import { renderRoute } from '../../testing/render';
import { AdminSitesDocument, SetSiteLegalDocument } from './sites.generated';
import { SitesView } from './SitesView';

/* Console → Sites: a site's legal name, postal address and copyright holder (decision 058). */

const PAY_CA = {
  __typename: 'AdminSite' as const,
  id: 'pay-ca',
  name: 'Axisline Payments Canada',
  currency: 'cad',
  showAllProducts: true,
  listedProducts: 10,
  orders: 3,
  legalName: 'Axisline Payments Canada Inc.',
  postalAddress: '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
  copyrightHolder: 'Axisline Payments Canada Inc.',
};
const sites = (site = PAY_CA): MockedResponse => ({
  request: { query: AdminSitesDocument },
  result: { data: { adminSites: [site] } },
});

describe('Console → Sites legal details', () => {
  it("edits a site's legal details: a blank name is refused next to the field, the values are saved trimmed", async () => {
    let sent = false;
    const edited = { ...PAY_CA, legalName: 'Axisline Paiements Canada Ltée' };
    renderRoute(
      <App>
        <SitesView />
      </App>,
      {
        mocks: [
          sites(),
          {
            request: {
              query: SetSiteLegalDocument,
              // Trimmed, as the shared schema casts them.
              variables: {
                id: 'pay-ca',
                input: {
                  legalName: edited.legalName,
                  postalAddress: PAY_CA.postalAddress,
                  copyrightHolder: PAY_CA.copyrightHolder,
                },
              },
            },
            result: () => (
              (sent = true),
              {
                data: {
                  setSiteLegal: {
                    __typename: 'AdminSite',
                    id: 'pay-ca',
                    legalName: edited.legalName,
                    postalAddress: edited.postalAddress,
                    copyrightHolder: edited.copyrightHolder,
                  },
                },
              }
            ),
          },
          sites(edited),
          sites(edited),
        ],
      },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit the legal details of Axisline Payments Canada' }),
    );
    const legalName = screen.getByLabelText('Legal name');
    expect((legalName as HTMLInputElement).value).toBe(PAY_CA.legalName);
    fireEvent.change(legalName, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the legal details' }));
    expect(await screen.findByText('Enter the legal name of the company selling on this site.')).toBeTruthy();
    expect(sent).toBe(false);

    fireEvent.change(legalName, { target: { value: '  Axisline Paiements Canada Ltée ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the legal details' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toBe(true);
  });
});
