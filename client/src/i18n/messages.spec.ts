import { describe, expect, it } from '@jest/globals';
import { SEARCH, UNFINISHED_WORDING } from '@domain/constants';
import { isLiteralElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import enUS from './messages/en-US.json';
import esMX from './messages/es-MX.json';
import frCA from './messages/fr-CA.json';

const catalogues: Record<string, Record<string, string>> = { 'fr-CA': frCA, 'es-MX': esMX };

describe('message catalogues', () => {
  it.each(Object.keys(catalogues))('%s has every message id of en-US and no other', (locale) => {
    const ids = Object.keys(catalogues[locale]!).sort();
    expect(ids).toEqual(Object.keys(enUS).sort());
  });

  it.each(Object.keys(catalogues))('%s translates with the same placeholders', (locale) => {
    // The ICU arguments a message uses, inside plural and select branches too.
    const argumentsOf = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((e) => [
        ...('value' in e && !isLiteralElement(e) ? [String(e.value)] : []),
        ...('options' in e ? Object.values(e.options).flatMap((o) => argumentsOf(o.value)) : []),
        ...('children' in e ? argumentsOf(e.children) : []),
      ]);
    const placeholders = (text: string) => [...new Set(argumentsOf(parse(text)))].sort();
    for (const [id, text] of Object.entries(enUS)) {
      expect([id, placeholders(catalogues[locale]![id]!)]).toEqual([id, placeholders(text)]);
    }
  });

  it.each([['en-US', enUS], ...Object.entries(catalogues)])(
    '%s never tells a shopper the store is unfinished',
    (_locale, messages) => {
      expect(
        Object.entries(messages as Record<string, string>).filter(([, text]) =>
          UNFINISHED_WORDING.test(text),
        ),
      ).toEqual([]);
    },
  );

  it('keeps the spec texts verbatim in en-US', () => {
    expect(enUS['search.placeholder']).toBe(SEARCH.placeholder);
    expect(enUS['error.title']).toBe('An unexpected error occurred.');
    expect(enUS['home.servicesBanner']).toBe(
      "Need a custom part? Need help with your project? Whatever you need, just ask - chances are, we've got a way to do it.",
    );
    expect(enUS['product.available']).toBe('Available to Order');
    expect(enUS['cta.ideasTitle']).toBe('Find Inspiration for Your Next Project');
    expect(enUS['cta.ideasPrompt']).toBe("Don't know where to start?");
  });
});
