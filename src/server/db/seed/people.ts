// Demo people of the identity issue, so the seeded data and the embedded identity provider agree.
import { Role } from '#shared/constants.ts';

export interface DemoPerson {
  key: string;
  realm: 'FO' | 'BO';
  fiscalCode: string | null;
  eidasId: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  placeOfBirth: string;
  cityOfBirth: string;
  gender: 'M' | 'F';
  /** ISO 3166 alpha-2 country of birth, for people whose provider asserts their place of birth (eIDAS). */
  birthCountry?: string;
  email: string;
  profileId: number;
  active: 0 | 1;
  /** Whether the person already has an account before first login (staff are registered by an admin). */
  seeded: boolean;
  /** A SPID professional identity's company (claims `companyName`, `ivaCode`), prefilled on personal data. */
  company?: { name: string; vatNumber: string };
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'mario',
    realm: 'FO',
    fiscalCode: 'RSSMRA80A01H501U',
    eidasId: null,
    firstName: 'Mario',
    lastName: 'Rossi',
    dateOfBirth: '1980-01-01',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Roma',
    gender: 'M',
    email: 'mario.rossi@example.org',
    profileId: Role.FRONT_OFFICE,
    active: 1,
    seeded: true,
  },
  {
    key: 'giulia',
    realm: 'FO',
    fiscalCode: 'BNCGLI85M41F205B',
    company: { name: 'Caffè Bianchi S.r.l.', vatNumber: '01234567897' },
    eidasId: null,
    firstName: 'Giulia',
    lastName: 'Bianchi',
    dateOfBirth: '1985-08-01',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Milano',
    gender: 'F',
    email: 'giulia.bianchi@example.org',
    profileId: Role.FRONT_OFFICE,
    active: 1,
    seeded: true,
  },
  {
    key: 'anna',
    realm: 'BO',
    fiscalCode: 'VRDNNA75D52F839Y',
    eidasId: null,
    firstName: 'Anna',
    lastName: 'Verdi',
    dateOfBirth: '1975-04-12',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Napoli',
    gender: 'F',
    email: 'anna.verdi@example.org',
    profileId: Role.BO_ADMIN,
    active: 1,
    seeded: true,
  },
  {
    key: 'luca',
    realm: 'BO',
    fiscalCode: 'NRELCU90S23L219G',
    eidasId: null,
    firstName: 'Luca',
    lastName: 'Neri',
    dateOfBirth: '1990-11-23',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Torino',
    gender: 'M',
    email: 'luca.neri@example.org',
    profileId: Role.BO_COLLAB,
    active: 1,
    seeded: true,
  },
  {
    key: 'chiara',
    realm: 'BO',
    fiscalCode: 'RSSCHR85L59F205V',
    eidasId: null,
    firstName: 'Chiara',
    lastName: 'Russo',
    dateOfBirth: '1985-07-19',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Milano',
    gender: 'F',
    email: 'chiara.russo@example.org',
    profileId: Role.CLERK,
    active: 1,
    seeded: true,
  },
  {
    key: 'paolo',
    realm: 'FO',
    fiscalCode: 'GLLPLA68B29A944Z',
    eidasId: null,
    firstName: 'Paolo',
    lastName: 'Gialli',
    dateOfBirth: '1968-02-29',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Bologna',
    gender: 'M',
    email: 'paolo.gialli@example.org',
    profileId: Role.FRONT_OFFICE,
    active: 0,
    seeded: true,
  },
  {
    key: 'sara',
    realm: 'FO',
    fiscalCode: 'BLUSRA92H55D612F',
    eidasId: null,
    firstName: 'Sara',
    lastName: 'Blu',
    dateOfBirth: '1992-06-15',
    placeOfBirth: 'Italia',
    cityOfBirth: 'Firenze',
    gender: 'F',
    email: 'sara.blu@example.org',
    profileId: Role.FRONT_OFFICE,
    active: 1,
    seeded: true,
  },
  // eIDAS (Germany): no Italian fiscal code, so the identity matcher runs; not registered until it does.
  {
    key: 'hans',
    realm: 'FO',
    fiscalCode: null,
    eidasId: 'DE/IT/48213975',
    firstName: 'Hans',
    lastName: 'Muller',
    dateOfBirth: '1975-03-02',
    placeOfBirth: 'Germania',
    cityOfBirth: 'Berlin',
    gender: 'M',
    birthCountry: 'DE',
    email: 'hans.muller@example.com',
    profileId: Role.FRONT_OFFICE,
    active: 1,
    seeded: false,
  },
];

/** The companies Giulia and Mario legally represent, for the legal-representative check (their VAT numbers' check digits hold). */
export const DEMO_COMPANIES = [
  { fiscal_code: '01234567897', name: 'Caffè Bianchi S.r.l.', vat_number: '01234567897', representatives: ['BNCGLI85M41F205B'] },
  { fiscal_code: '09876543217', name: 'Bar Rossi S.n.c.', vat_number: '09876543217', representatives: ['RSSMRA80A01H501U'] },
];
