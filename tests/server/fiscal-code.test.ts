import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import { CheckDigitizer, Parser } from '@marketto/codice-fiscale-utils';
import { describe, expect, it } from 'vitest';
import { checkFiscalCode, normaliseOmocode, type FiscalCodePerson } from '#server/services/fiscal-code.ts';
import { countryMatches, countryOptions, FOREIGN_STATES } from '#shared/countries.ts';

const italian = (nome: string, cognome: string, sesso: 'M' | 'F', dataNascita: string, comuneNascita: string, codiceFiscale: string): FiscalCodePerson => ({
  nome,
  cognome,
  sesso,
  dataNascita,
  statoNascita: 'Italia',
  comuneNascita,
  codiceFiscale,
});

/** The project's demo people (each code recomputed by hand and with the library). */
const demoPeople: FiscalCodePerson[] = [
  italian('Mario', 'Rossi', 'M', '1980-01-01', 'Roma', 'RSSMRA80A01H501U'),
  italian('Giulia', 'Bianchi', 'F', '1985-08-01', 'Milano', 'BNCGLI85M41F205B'),
  italian('Anna', 'Verdi', 'F', '1975-04-12', 'Napoli', 'VRDNNA75D52F839Y'),
  italian('Luca', 'Neri', 'M', '1990-11-23', 'Torino', 'NRELCU90S23L219G'),
  italian('Paolo', 'Gialli', 'M', '1968-02-29', 'Bologna', 'GLLPLA68B29A944Z'),
  italian('Sara', 'Blu', 'F', '1992-06-15', 'Firenze', 'BLUSRA92H55D612F'),
  { nome: 'Hans', cognome: 'Muller', sesso: 'M', dataNascita: '1975-03-02', statoNascita: 'Germania', codiceFiscale: 'MLLHNS75C02Z112L' },
];
const mario = demoPeople[0]!;
const hans = demoPeople[6]!;

/** Replaces the 16th character with the check character of the first 15 (as a forger would not). */
const withCheck = (code: string) => code.slice(0, 15) + CheckDigitizer.checkDigit(code.slice(0, 15));
/** Any check character but the right one. */
const wrongCheck = (code: string) => code.slice(0, 15) + (code[15] === 'A' ? 'B' : 'A');

const mismatch = { valid: false, reason: 'mismatch' };

describe('checkFiscalCode', () => {
  it.each(demoPeople)('accepts demo person $nome $cognome ($codiceFiscale)', async (person) => {
    expect(await checkFiscalCode(person)).toEqual({ valid: true });
  });

  it('refuses a wrong check character, also when the rest matches the person', async () => {
    for (const person of demoPeople) {
      expect(await checkFiscalCode({ ...person, codiceFiscale: wrongCheck(person.codiceFiscale) })).toEqual({ valid: false, reason: 'malformed' });
    }
  });

  it('refuses a wrong birth date, sex, municipality, name or surname', async () => {
    expect(await checkFiscalCode({ ...mario, dataNascita: '1980-01-02' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...mario, dataNascita: '1981-01-01' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...mario, sesso: 'F' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...mario, comuneNascita: 'Milano' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...mario, nome: 'Marco' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...mario, cognome: 'Bassi' })).toEqual(mismatch);
    // A well-formed code (right check character) of somebody else born in Rome.
    expect(await checkFiscalCode({ ...mario, codiceFiscale: withCheck('RSSMRA80A02H501X') })).toEqual(mismatch);
  });

  it('accepts omocodic variants of a valid code and refuses them with a wrong check character', async () => {
    const parser = new Parser(belfioreConnector);
    const oneLetter = parser.cfOmocode(mario.codiceFiscale, 1).toUpperCase();
    const allLetters = parser.cfOmocode(mario.codiceFiscale, 127).toUpperCase();
    expect(oneLetter.slice(0, 15)).toBe('RSSMRA80A01H50M');
    expect(allLetters.slice(0, 15)).toBe('RSSMRAULALMHRLM');
    for (const variant of [oneLetter, allLetters]) {
      expect(variant).toBe(withCheck(variant));
      expect(normaliseOmocode(variant)).toBe(mario.codiceFiscale);
      expect(await checkFiscalCode({ ...mario, codiceFiscale: variant })).toEqual({ valid: true });
      expect(await checkFiscalCode({ ...mario, codiceFiscale: wrongCheck(variant) })).toEqual({ valid: false, reason: 'malformed' });
    }
    // The base code's check character kept on an omocodic body is wrong.
    expect(await checkFiscalCode({ ...mario, codiceFiscale: 'RSSMRA80A01H50MU' })).toEqual({ valid: false, reason: 'malformed' });
  });

  it('reports a birthplace it does not know', async () => {
    expect(await checkFiscalCode({ ...mario, comuneNascita: 'Atlantide' })).toEqual({ valid: false, reason: 'unknown-place' });
    expect(await checkFiscalCode({ ...hans, statoNascita: 'Atlantide' })).toEqual({ valid: false, reason: 'unknown-place' });
    // Campofelice di Fitalia was founded in 1951.
    expect(
      await checkFiscalCode({ ...mario, dataNascita: '1940-01-01', comuneNascita: 'Campofelice di Fitalia', codiceFiscale: withCheck('RSSMRA40A01B533X') }),
    ).toEqual({
      valid: false,
      reason: 'unknown-place',
    });
  });

  it('uses the municipality in force on the birth date (Bellagio: A744 until 2014, M335 since)', async () => {
    const marco = italian('Marco', 'Bianchi', 'M', '1980-03-15', 'Bellagio', 'BNCMRC80C15A744E');
    expect(await checkFiscalCode(marco)).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...marco, codiceFiscale: 'BNCMRC80C15M335J' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...marco, dataNascita: '2015-03-15', codiceFiscale: 'BNCMRC15C15M335V' })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...marco, dataNascita: '2015-03-15', codiceFiscale: 'BNCMRC15C15A744Q' })).toEqual(mismatch);
  });

  it('accepts the Z code of the foreign state of birth, ignoring any municipality, and refuses another state', async () => {
    expect(await checkFiscalCode({ ...hans, statoNascita: 'germania', comuneNascita: 'Roma' })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...hans, statoNascita: 'Francia' })).toEqual(mismatch);
    // The matcher's country list sends ISO 3166 codes: Germany is DE (Belfiore Z112), Italy IT.
    expect(await checkFiscalCode({ ...hans, statoNascita: 'DE' })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...hans, statoNascita: 'FR' })).toEqual(mismatch);
    expect(await checkFiscalCode({ ...hans, statoNascita: 'XX' })).toEqual({ valid: false, reason: 'unknown-place' });
    expect(await checkFiscalCode({ ...mario, statoNascita: 'IT' })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...hans, statoNascita: 'Italia', comuneNascita: 'Roma' })).toEqual(mismatch);
  });

  it('accepts lower-case and padded input, and names with accents and apostrophes', async () => {
    expect(await checkFiscalCode({ ...mario, codiceFiscale: 'rssmra80a01h501u', comuneNascita: 'roma', statoNascita: 'ITALIA' })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...mario, codiceFiscale: ' RSSMRA80A01H501U ', nome: 'mario', cognome: 'ROSSI' })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...mario, codiceFiscale: normaliseOmocode('rssmra80a01h50mm').toLowerCase() })).toEqual({ valid: true });
    const niccolo = italian('Niccolò', "D'Angelo", 'M', '1970-05-10', 'Forlì', 'DNGNCL70E10D704R');
    expect(await checkFiscalCode(niccolo)).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...niccolo, nome: "Niccolo'", cognome: 'D’Angelo', comuneNascita: "FORLI'" })).toEqual({ valid: true });
    expect(await checkFiscalCode({ ...niccolo, nome: 'Nino' })).toEqual(mismatch);
  });

  it('accepts the code of either municipality when two bear the same name (Samone AO and TN)', async () => {
    const person = italian('Mario', 'Rossi', 'M', '1980-01-01', 'Samone', '');
    for (const place of ['H753', 'H754']) {
      expect(await checkFiscalCode({ ...person, codiceFiscale: withCheck(`RSSMRA80A01${place}X`) })).toEqual({ valid: true });
    }
  });

  it('gives the same verdicts west and east of Greenwich', async () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        expect(new Date(2000, 0, 1).getTimezoneOffset()).not.toBe(0);
        for (const person of demoPeople) expect(await checkFiscalCode(person)).toEqual({ valid: true });
        expect(await checkFiscalCode({ ...mario, dataNascita: '1980-01-02' })).toEqual(mismatch);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('refuses malformed codes and data that cannot be encoded', async () => {
    const malformed = { valid: false, reason: 'malformed' };
    expect(await checkFiscalCode({ ...mario, codiceFiscale: 'RSSMRA80A01H501' })).toEqual(malformed);
    expect(await checkFiscalCode({ ...mario, codiceFiscale: withCheck('RSSMRA80Z01H501X') })).toEqual(malformed);
    expect(await checkFiscalCode({ ...mario, codiceFiscale: 'RSSMRA80A01H5-1U' })).toEqual(malformed);
    expect(await checkFiscalCode({ ...mario, dataNascita: '1980-02-30' })).toEqual(malformed);
    expect(await checkFiscalCode({ ...mario, comuneNascita: undefined })).toEqual(malformed);
    expect(await checkFiscalCode({ ...mario, comuneNascita: '  ' })).toEqual(malformed);
  });
});

describe('normaliseOmocode', () => {
  it('maps the omocodic letters back to digits and recomputes the check character', () => {
    expect(normaliseOmocode('RSSMRA80A01H501U')).toBe('RSSMRA80A01H501U');
    expect(normaliseOmocode('rssmraulalmhrlmd')).toBe('RSSMRA80A01H501U');
    // Letters outside the omocodic positions are left alone.
    expect(normaliseOmocode('LMNPQR80A01H501U')).toBe(withCheck('LMNPQR80A01H501X'));
  });

  it('throws on anything but 16 letters or digits', () => {
    expect(() => normaliseOmocode('RSSMRA80A01H501')).toThrow(RangeError);
    expect(() => normaliseOmocode('RSSMRA80A01H501U1')).toThrow(RangeError);
    expect(() => normaliseOmocode('RSSMRA80A01H5-1U')).toThrow(RangeError);
  });
});

describe('the matcher’s country list', () => {
  it('offers only states the fiscal code can encode: each ISO code resolves to a Belfiore code today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const birth = { nome: 'Hans', cognome: 'Muller', sesso: 'M' as const, dataNascita: today, codiceFiscale: 'MLLHNS75C02Z112L' };
    for (const code of FOREIGN_STATES) {
      // A resolvable state gives a mismatch for somebody else's code, never an unknown place.
      expect((await checkFiscalCode({ ...birth, statoNascita: code })).valid, code).toBe(false);
      expect(await checkFiscalCode({ ...birth, statoNascita: code }), code).not.toEqual({ valid: false, reason: 'unknown-place' });
    }
  });

  it('names countries in the interface language, Italy first, and understands names in other EU languages', () => {
    expect(countryOptions('it')[0]).toEqual({ code: 'IT', name: 'Italia' });
    expect(countryOptions('en')[0]).toEqual({ code: 'IT', name: 'Italy' });
    expect(countryOptions('en').find((c) => c.code === 'DE')?.name).toBe('Germany');
    for (const typed of ['Germany', 'Deutschland', 'germania', 'Allemagne', 'DE']) expect(countryMatches('DE', typed), typed).toBe(true);
    expect(countryMatches('FR', 'Deutschland')).toBe(false);
  });
});
