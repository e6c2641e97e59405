import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  it('shows the placeholder and goes to /search?q= on Enter, without leading whitespace', async () => {
    const { router } = renderRoute(<SearchBox />);
    const input = screen.getByPlaceholderText('What can we help you find?');
    fireEvent.change(input, { target: { value: '   SFU1605 nut' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=SFU1605%20nut');
  });

  it('does nothing but clear on a blank search, and the clear button empties the box', () => {
    const { router } = renderRoute(<SearchBox />);
    const input = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(router.state.location.pathname).toBe('/');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'hgr20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input.value).toBe('');
  });
});
