import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import { Footer } from './Footer';
import { StorefrontDocument } from '../graphql/site.generated';

describe('Footer', () => {
  it('shows the address with both phone numbers, the four columns and the current year', async () => {
    renderRoute(<Footer />);
    const address = await screen.findByRole('region', { name: 'Address' });
    expect(within(address).getByText('1-800-555-0142')).toHaveProperty('href', 'tel:18005550142');
    expect(within(address).getByText('+1 704-555-0186')).toHaveProperty('href', 'tel:+17045550186');
    for (const name of ['My Account', 'Get Help', 'Resources'])
      expect(screen.getByRole('navigation', { name })).toBeTruthy();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Axisline Supply. All rights reserved.`),
    ).toBeTruthy();
  });

  it("names the site's company: pay-ca's Canadian legal name, address and copyright holder", async () => {
    const site = {
      __typename: 'Site' as const,
      id: 'pay-ca',
      name: 'Axisline Payments Canada',
      currency: 'cad',
      logo: '/sites/pay-ca.svg',
      legalName: 'Axisline Payments Canada Inc.',
      postalAddress: '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
      copyrightHolder: 'Axisline Payments Canada Inc.',
      consentRegionDefaults: false,
    };
    renderRoute(<Footer />, {
      mocks: [{ request: { query: StorefrontDocument }, result: { data: { site } } }],
    });
    const address = await screen.findByRole('region', { name: 'Address' });
    await within(address).findByText(/Axisline Payments Canada Inc\./);
    expect(within(address).getByText(/2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada/)).toBeTruthy();
    expect(within(address).queryByText(/Mooresville/)).toBeNull();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Axisline Payments Canada Inc. All rights reserved.`),
    ).toBeTruthy();
  });

  it('opens the external privacy policy in a new tab', async () => {
    renderRoute(<Footer />);
    const link = (await screen.findByText('Privacy Policy')).closest('a')!;
    expect(link.getAttribute('href')).toBe('https://www.axisline.example/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('can hide the sub-footer and keep the copyright line', async () => {
    renderRoute(<Footer hideSubFooter />);
    await screen.findByText(/Axisline Supply. All rights reserved./);
    expect(screen.queryByRole('region', { name: 'Address' })).toBeNull();
  });
});
