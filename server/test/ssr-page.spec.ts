import { describe, expect, it } from '@jest/globals';
import { pageHtml } from '../src/ssr';

/** Issue 26: `/search?q=$&$'zz` duplicated parts of the page (a String.replace replacement pattern). */
const TEMPLATE =
  '<!doctype html><html lang="en-US"><head><title>Axisline Supply</title><meta property="og:site_name" content="Axisline Supply" /></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('server rendering puts the page text in verbatim', () => {
  it.each(["$&$'zz", '$`', "$'", '$$', '$1', '$<name>', '$0$9'])(
    'with %s in the markup and the title',
    (text) => {
      const html = pageHtml(TEMPLATE, {
        kind: 'page',
        html: `<h1>Results for “${text}”</h1>`,
        state: { q: text },
        renderedAt: 1_796_000_000_000,
        locale: 'en-US',
        title: `Search: ${text}`,
        siteName: 'Axisline Supply',
        found: true,
      } as Parameters<typeof pageHtml>[1]);
      expect(html).toContain(`<h1>Results for “${text}”</h1>`);
      const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(html).toContain(`<title>Search: ${escaped}</title>`);
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
    },
  );
});

describe('the page names one site', () => {
  it('in its title and in og:site_name (spec: sites)', () => {
    const html = pageHtml(TEMPLATE, {
      kind: 'page',
      html: '<h1>Ball screws</h1>',
      state: {},
      renderedAt: 1_796_000_000_000,
      locale: 'en-US',
      title: 'Ball screws | Axisline Food Grade',
      siteName: 'Axisline Food Grade',
      found: true,
    });
    expect(html).toContain('<title>Ball screws | Axisline Food Grade</title>');
    expect(html).toContain('<meta property="og:site_name" content="Axisline Food Grade" />');
    expect(html).not.toContain('content="Axisline Supply"');
  });
});
