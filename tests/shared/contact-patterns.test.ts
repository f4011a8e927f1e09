// Real contacts and addresses (docs/architecture.md, "Patterns that accept real Italian data"): an
// e-mail or PEC with any top-level domain and an apostrophe before the @, an address with n°, dashes
// and quotes, a phone written the ways Italians write it. One definition (src/shared/patterns.ts)
// decides for the wizard's forms, the server's schemas and the mocks alike, and still refuses what
// such a value never is.
import fc from 'fast-check';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { StaffWriteSchema } from '#shared/api/back-office.ts';
import { PersonalDataSchema } from '#shared/api/requests.ts';
import { NotificationContactSchema } from '#shared/domain.ts';
import { Patterns } from '#shared/patterns.ts';
import { checkStaff } from '#shared/validation/back-office-forms.ts';
import { checkContact, checkPersonal, personalValuesOf } from '#shared/validation/enrolment-forms.ts';

const EMAILS = [
  "d'angelo@example.org",
  "mario.d'amico@pec.example.legal",
  'studio.rossi@example.studio',
  'info@example.email',
  'foto@example.photography',
  'ufficio@example.technology',
  'mario.rossi+suap@example.org',
  'a_b-c%d@sub-domain.example.it',
  'MARIO.ROSSI@EXAMPLE.IT',
  'x@b.it',
  'info@example.xn--p1ai',
];
const NOT_EMAILS = [
  'mario@example',
  'mario.example.org',
  'mario@@example.org',
  '@example.org',
  'mario@',
  'mario@.example.org',
  '.mario@example.org',
  'mario.@example.org',
  'mario..rossi@example.org',
  'mario@-example.org',
  'mario@example-.org',
  'mario@example..org',
  'mario@example.o',
  'mario@example.c0m',
  'mario@192.168.0.1',
  'mario rossi@example.org',
  'mario@exam ple.org',
  'd’angelo@example.org',
  '<mario@example.org>',
  'mario\n@example.org',
];

const ADDRESSES = [
  'Via Roma n° 12',
  'Via Roma nº 12',
  'Via Roma n. 12',
  'Corso Italia 3–5',
  'Viale Europa 10 — scala B',
  'via dell’Arco 4',
  'Via dell‘Arco 4',
  'Corte "La Rocca" 7',
  'Corte “La Rocca” 7',
  'Vicolo «Il Pozzo» 2',
  'Via Garibaldi 12/A',
  'Via Roma 1 (interno 3)',
  "Piazza Sant'Angelo, 1",
  'Località Pian di Sco, 14',
];
const NOT_ADDRESSES = [
  'Via <b>Roma</b> 1',
  'Via Roma 1 <script>',
  'Via Roma 1\u0000',
  'Via Roma\n1',
  'Via \u202ERoma',
  'Via Roma 1 & 2',
  'Via Roma #1',
  'Via Roma 1; DROP',
];

const PHONES = ['06.1234567', '(06) 1234567', '+39 06 1234 5678', '347-1234567', '06/1234567', '+39 (06) 1234.5678', '0039 347 123 4567', '800 123 456'];
const NOT_PHONES = [
  '06-CALLME',
  '347 123 456 sette',
  '+',
  '()',
  '--',
  '...',
  '+39+06 1234',
  '06 1234567\u0000',
  '06_1234567',
  '06:1234567',
  '06 1234567 int. 2',
];

/** Every place a contact is checked: the wizard's and staff forms (yup), the server's schemas (TypeBox), the pattern. */
const emailCheckers: Record<string, (value: string) => boolean> = {
  pattern: (value) => Patterns.email.test(value),
  'notification contact schema': (value) => Value.Check(NotificationContactSchema, { type: 2, value }),
  'personal data schema': (value) => Value.Check(PersonalDataSchema.properties.email, value),
  'staff schema': (value) => Value.Check(StaffWriteSchema.properties.email, value),
  'contact form': (value) => checkContact({ type: 2, value }).ok,
  'personal data form': (value) => personalErrors({ email: value }).email === undefined,
  'staff form': (value) => {
    const checked = checkStaff({ firstName: 'Sara', lastName: 'Blu', fiscalCode: 'BLUSRA92H55D612F', email: value, profileId: '3', active: true });
    return checked.ok || !('email' in checked.errors);
  },
};
const addressCheckers: Record<string, (value: string) => boolean> = {
  pattern: (value) => Patterns.address.test(value),
  'personal data schema': (value) => Value.Check(PersonalDataSchema.properties.address, value),
  'personal data form': (value) => personalErrors({ address: value }).address === undefined,
};
const phoneCheckers: Record<string, (value: string) => boolean> = {
  pattern: (value) => Patterns.telephone.test(value),
  'personal data schema': (value) => Value.Check(PersonalDataSchema.properties.telephone, value),
  'personal data form': (value) => personalErrors({ telephone: value }).telephone === undefined,
};

const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };
function personalErrors(values: { email?: string; address?: string; telephone?: string }): Record<string, string> {
  const checked = checkPersonal({ ...personalValuesOf(MARIO, ''), ...values });
  return checked.ok ? {} : checked.errors;
}

const tables = [
  ['an e-mail or PEC', emailCheckers, EMAILS, NOT_EMAILS],
  ['an address', addressCheckers, ADDRESSES, NOT_ADDRESSES],
  ['a telephone', phoneCheckers, PHONES, NOT_PHONES],
] as const;

describe.each(tables)('%s', (_what, checkers, real, wrong) => {
  it.each(Object.entries(checkers))('%s accepts every real example', (_where, accepts) => {
    for (const value of real) expect(accepts(value), value).toBe(true);
  });
  it.each(Object.entries(checkers))('%s refuses what such a value never is', (_where, accepts) => {
    for (const value of wrong) expect(accepts(value), JSON.stringify(value)).toBe(false);
  });
});

// Properties: the tables above are examples; these state the rules over generated values.
const atom = (chars: string, maxLength = 12) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength });
const LOCAL = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_%+'-";
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const label = fc.tuple(atom(ALNUM, 8), fc.array(atom(ALNUM, 8), { maxLength: 2 })).map(([first, rest]) => [first, ...rest].join('-'));
const email = fc
  .tuple(fc.array(atom(LOCAL), { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 1, maxLength: 3 }), atom(LETTERS, 63))
  .filter(([, , tld]) => tld.length >= 2)
  .map(([local, labels, tld]) => `${local.join('.')}@${labels.join('.')}.${tld}`);
const address = fc.string({ unit: fc.constantFrom(...'ViaRomadell’Arco 0123456789,./-–—()°º\'"“”‘«»àèéìòù'), maxLength: 60 });
const phone = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(fc.constantFrom('', ' ', '.', '/', '-', '(', ')', ') '), atom('0123456789', 5)), { minLength: 1, maxLength: 5 }))
  .map(([plus, parts]) => `${plus ? '+' : ''}${parts.map(([separator, digits]) => separator + digits).join('')}`);
/** Control and format characters (Unicode Cc, Cf) that real data never holds. */
const control = fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001B', '\u007F', '\u0085', '\u200B', '\u200E', '\u202E', '\u2066', '\uFEFF');
const insert = (text: string, at: number, what: string) => text.slice(0, at % (text.length + 1)) + what + text.slice(at % (text.length + 1));

describe('the rules over generated values', () => {
  it('accepts every address of dot-separated local runs and DNS labels under a top-level domain of 2 to 63 letters', () => {
    fc.assert(fc.property(email, (value) => Patterns.email.test(value) && checkContact({ type: 1, value }).ok));
  });

  it('refuses an e-mail without its @, with a second @, or with a control character anywhere', () => {
    fc.assert(fc.property(email, (value) => !Patterns.email.test(value.replace('@', ''))));
    fc.assert(fc.property(email, fc.nat(), (value, at) => !Patterns.email.test(insert(value, at, '@'))));
    fc.assert(fc.property(email, fc.nat(), control, (value, at, char) => !Patterns.email.test(insert(value, at, char))));
  });

  it('accepts any mix of the marks an address is written with, and refuses it with markup or a control character', () => {
    fc.assert(fc.property(address, (value) => Patterns.address.test(value)));
    fc.assert(fc.property(address, fc.nat(), fc.constantFrom('<', '>'), (value, at, char) => !Patterns.address.test(insert(value, at, char))));
    fc.assert(fc.property(address, fc.nat(), control, (value, at, char) => !Patterns.address.test(insert(value, at, char))));
  });

  it('accepts digits with a leading + and any of space . / - ( ) between them, and refuses a letter or a control character anywhere', () => {
    fc.assert(fc.property(phone, (value) => Patterns.telephone.test(value)));
    fc.assert(fc.property(phone, fc.nat(), atom(LETTERS, 1), (value, at, letter) => !Patterns.telephone.test(insert(value, at, letter))));
    fc.assert(fc.property(phone, fc.nat(), control, (value, at, char) => !Patterns.telephone.test(insert(value, at, char))));
  });

  it('refuses a telephone of punctuation alone, and a + anywhere but first', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(' ', '.', '/', '-', '(', ')', '+'), minLength: 1 }), (value) => !Patterns.telephone.test(value)));
    fc.assert(fc.property(phone, fc.integer({ min: 1, max: 40 }), (value, at) => !Patterns.telephone.test(insert(value, 1 + (at % value.length), '+'))));
  });

  it('answers a long refused text in linear time (no backtracking blow-up)', () => {
    const started = performance.now();
    for (const pattern of [Patterns.email, Patterns.address, Patterns.telephone]) {
      for (const text of ['a.'.repeat(50_000) + '@', `a@${'b-'.repeat(50_000)}.`, `${'1'.repeat(100_000)}x`, `Via ${'°'.repeat(100_000)}<`]) pattern.test(text);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
