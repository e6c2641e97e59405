import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import { Footer } from './Footer';

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
