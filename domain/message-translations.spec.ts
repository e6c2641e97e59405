import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_TEXTS, UNFINISHED_WORDING } from './constants';
import { TRANSLATED_MESSAGES, translateMessage } from './message-translations';
import { ORDER_STATUS } from './order-status';

/** Text of the domain's schema files that is not a message to a person (names, phrases typed as they are). */
const NOT_MESSAGES = new Set([
  'Axisline Supply',
  'AutoCAD Binary DXF',
  'RESET ALL PASSWORDS',
  'What can we help you find?',
  // Carriers' names (domain/fulfilment.ts).
  'Canada Post',
  'LTL Freight',
  // Already in their language (PASSWORD_TOO_COMMON).
  'Ce mot de passe est trop courant. Choisissez-en un autre.',
  'Esta contraseña es demasiado común. Elija otra.',
  // The error catalogue's errors and log lines (spec section 8): for the console and the log, never shown.
  ...Object.values(ERROR_TEXTS),
]);

/**
 * Every sentence in the files that hold the domain's rules and messages: a quoted text that starts with a capital
 * letter or a field's name (`${label} …`) and has a space; the parts filled in at run time read as a number.
 */
function domainMessages(): string[] {
  const files = readdirSync(__dirname).filter(
    (f) =>
      !f.endsWith('.spec.ts') &&
      /(\.schema\.ts|^admin\.ts|^fulfilment\.ts|^regions\.ts|^saved-lists\.ts|^returns\.ts|^constants\.ts)$/.test(
        f,
      ),
  );
  const found = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(__dirname, file), 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
    for (const m of source.matchAll(/'([A-Z][^'\n]*\s[^'\n]*)'|`((?:[A-Z]|\$\{)[^`\n]*\s[^`\n]*)`/g)) {
      const text = (m[1] ?? m[2]!).replace(/\$\{label\}/g, 'Zip code').replace(/\$\{[^}]*\}/g, '7');
      // Words, not only filled-in parts (`${name} (${code})`).
      if (!NOT_MESSAGES.has(text) && /[a-z]{2}/.test(text)) found.add(text);
    }
  }
  return [...found].sort();
}

describe('messages in every language', () => {
  const messages = domainMessages();

  it('finds the messages of the schemas', () => {
    expect(messages).toEqual(
      expect.arrayContaining([
        'Zip code must be only digits',
        'Postal code does not belong to the province',
        'Zip code cannot include leading and trailing spaces',
        'Quantity must be a whole number from 1 to 7',
      ]),
    );
    expect(messages.length).toBeGreaterThan(100);
  });

  it.each(['fr-CA', 'es-MX'] as const)('%s has every message of the domain', (locale) => {
    expect(messages.filter((m) => translateMessage(m, locale) === m)).toEqual([]);
  });

  it('no message says the store is unfinished, in any language', () => {
    const all = TRANSLATED_MESSAGES.flatMap((m) => [
      m,
      translateMessage(m, 'fr-CA'),
      translateMessage(m, 'es-MX'),
    ]);
    expect(all.filter((text) => UNFINISHED_WORDING.test(text))).toEqual([]);
  });

  it.each(['fr-CA', 'es-MX'] as const)('%s names every order status', (locale) => {
    expect(Object.values(ORDER_STATUS).filter((label) => translateMessage(label, locale) === label)).toEqual(
      [],
    );
  });

  it('translates a field name inside a message and keeps the numbers', () => {
    expect(translateMessage('Zip code cannot include leading and trailing spaces', 'fr-CA')).toBe(
      'Code ZIP ne peut pas commencer ni finir par une espace',
    );
    expect(translateMessage('Quantity must be a whole number from 1 to 100,000', 'es-MX')).toBe(
      'La cantidad debe ser un número entero de 1 a 100,000',
    );
    expect(translateMessage('Postal code is a required field', 'fr-CA')).toBe(
      'Code postal est un champ obligatoire',
    );
    expect(translateMessage('Postal code is a required field', 'en-US')).toBe(
      'Postal code is a required field',
    );
    // A server's refusal: the part numbers stay as they are.
    expect(
      translateMessage(
        'Items priced on request cannot be ordered online: Quote Plate (QP-1). Remove them or ask for a quote.',
        'fr-CA',
      ),
    ).toBe(
      'Les articles à prix sur demande ne peuvent pas être commandés en ligne : Quote Plate (QP-1). Retirez-les ou demandez une soumission.',
    );
    // Text the store does not know stays as it is.
    expect(translateMessage('Something else entirely', 'fr-CA')).toBe('Something else entirely');
  });
});
