import { describe, expect, it } from '@jest/globals';
import { attachmentKind, contactSchema, quoteSchema } from './forms.schema';

const valid = {
  firstName: 'Ada',
  lastName: 'Ng',
  email: 'ada@plant.example',
  state: 'NC',
  comments: 'Do you stock 4040 in black?',
  requestTypes: ['productQuestion'],
};

const errors = async (schema: ReturnType<typeof contactSchema>, input: object) =>
  schema.validate(input, { abortEarly: false }).then(
    () => [],
    (e: { errors: string[] }) => e.errors,
  );

describe('contact form (spec messages verbatim)', () => {
  it('needs names, a valid e-mail, a message that is not only blanks and a request type', async () => {
    expect(await errors(contactSchema(), {})).toEqual(
      expect.arrayContaining([
        'First Name is required',
        'Last Name is required',
        'Email is required',
        'A message is required',
        'Choose at least one request type',
      ]),
    );
    expect(await errors(contactSchema(), { ...valid, comments: '   ' })).toEqual([
      'Your message cannot contain only blankspaces',
    ]);
    expect(await errors(contactSchema(), { ...valid, email: 'nope' })).toEqual(['Email must be valid']);
    expect(await errors(contactSchema(), { ...valid, phone: '12' })).toEqual(['Phone number is not valid']);
    expect(await errors(contactSchema(), { ...valid, firstName: ' Ada' })).toEqual([
      'Name cannot include leading and trailing spaces',
    ]);
  });

  it('asks state and city only when their validation is on', async () => {
    const { state: _s, ...noState } = valid;
    expect(await errors(contactSchema({ state: false, city: false }), noState)).toEqual([]);
    expect(await errors(contactSchema({ state: true, city: true }), noState)).toEqual([
      'State is required',
      'City is required',
    ]);
  });

  it('quote form: item and e-mail required', async () => {
    await expect(quoteSchema.validate({ email: 'a@b.example' })).rejects.toThrow('Item is required');
    await expect(quoteSchema.validate({ item: 'SFU1605-CUT' })).rejects.toThrow('Email is required');
  });
});

describe('drawing attachments', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('accepts PDF, DXF and STEP by their content, whatever the browser says', () => {
    expect(attachmentKind('frame.pdf', bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(attachmentKind('profile.dxf', bytes('  0\nSECTION\n  2\nHEADER\n'))).toBe('dxf');
    expect(attachmentKind('bracket.STEP', bytes('ISO-10303-21;\nHEADER;'))).toBe('step');
    expect(attachmentKind('bracket.stp', bytes('ISO-10303-21;\nHEADER;'))).toBe('step');
  });

  it('refuses other files, and files whose content does not match their name', () => {
    expect(attachmentKind('virus.exe', bytes('MZ\x90\x00'))).toBeNull();
    expect(attachmentKind('fake.pdf', bytes('<html>'))).toBeNull();
    expect(attachmentKind('photo.dxf', bytes('\xff\xd8\xff\xe0'))).toBeNull();
  });
});
