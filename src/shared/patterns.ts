// Validation patterns of spec §5. Forms (yup), server JSON schemas and msw handlers all use these.
// Each is anchored so it can be dropped into a JSON-Schema "pattern" unchanged.

const accents = 'À-ÖØ-öø-ÿ';

export const Patterns = {
  /** eIDAS person identifier: origin country / destination country / id (id up to 9 characters). */
  eidasId: /^[A-Z]{2}\/[A-Z]{2}\/[A-Za-z0-9]{1,9}$/,
  /** Spec §5 simple text, plus the typographic apostrophe phones type (D’Angelo): see docs/architecture.md. */
  simpleText: new RegExp(`^[A-Za-z${accents} '’]*$`),
  /**
   * A person's given or family name: simple text plus the hyphen, for the names identity providers
   * assert (Hans-Peter, Anne-Marie Dupont-Moreau); the fiscal code skips it as it skips spaces. A
   * widening of spec §5 (which has names as simple text): see docs/architecture.md "Person names".
   */
  personName: new RegExp(`^[A-Za-z${accents} '’-]*$`),
  /**
   * Place names as ISTAT writes them (not in spec §5, whose simple text refuses them):
   * Cavallino-Treporti, Bolzano/Bozen, Sant’Angelo Lodigiano, Ortisei/St. Ulrich.
   */
  placeName: new RegExp(`^[A-Za-z${accents} '’./-]*$`),
  simpleList: new RegExp(`^[A-Za-z${accents} ',]*$`),
  lettersOnly: /^[A-Za-z]*$/,
  alphanumeric: /^[A-Za-z0-9]*$/,
  extendedText: new RegExp(`^[A-Za-z0-9${accents} .,'’;:\\-()/?]*$`),
  /**
   * An e-mail or PEC address. Spec §5 (local@domain, a top-level domain of 2–4 letters) widened for
   * real addresses (docs/architecture.md, "Patterns that accept real Italian data"): any top-level
   * domain of letters (.legal, .email, .studio, .photography: up to 63) or an internationalised one
   * (xn--…), and the apostrophe of Italian surnames before the @ (d'angelo@…). The local part is
   * letters, digits and `_ % + ' -` in dot-separated runs (no leading, trailing or double dot); the
   * domain is DNS labels (letters and digits, hyphens only inside). Each run is unambiguous, so a
   * long refused text costs linear time.
   */
  email: /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9]+(?:-+[A-Za-z0-9]+)*\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9]{2,59})$/,
  fileName: /^[A-Za-z0-9._-]*$/,
  fiscalCode: /^[A-Za-z]{6}[0-9]{2}[A-Za-z][0-9]{2}[A-Za-z][0-9]{3}[A-Za-z]$/,
  /**
   * The same code allowing omocodia: when two people share a code, the Agenzia delle Entrate replaces
   * digits with the letters LMNPQRSTUV. Identity checks must accept such codes (spec §5 lists only
   * the base form, which forms use for codes typed by staff).
   */
  fiscalCodeOmocodic: /^[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z]$/,
  vatNumber: /^([0-9]{11})?$/,
  /**
   * Spec §5 search bar plus ’ (a phone's apostrophe; searches fold it into ') and & (people look for
   * a "B&B"): see docs/architecture.md, "Patterns that accept real Italian data".
   */
  searchBar: new RegExp(`^[A-Za-z0-9${accents} '’&]*$`),
  /** An initiative's keywords: words and phrases separated by commas, as people search ("parrucchiere, barbiere", "B&B"). */
  keywords: new RegExp(`^[A-Za-z0-9${accents} ,.'’&/-]*$`),
  /**
   * Spec §5 address (letters, digits, accents, space, `' , .`) plus what real addresses are written
   * with (docs/architecture.md, "Patterns that accept real Italian data"): the typographic apostrophe
   * and quotes (Via dell’Orso 2, Corte “La Rocca”, "Corte"), the slash and hyphen (Via Garibaldi 12/A,
   * Corso Italia 3-5), the en and em dash phones type (Via Roma 3–5), the degree sign and
   * ordinal indicator of n° / nº, parentheses (Via Roma 1 (scala B)) and guillemets. Still no markup
   * (< >), no control or format character.
   */
  address: new RegExp(`^[A-Za-z0-9${accents} '’‘"“”«»,./()°º–—-]*$`),
  zipCode: /^[0-9]{5}$/,
  /** The administration's code in the IPA index (indicepa.gov.it): letters, digits and underscores, as c_h501 or suap_demo (at most 100). */
  ipaCode: /^[A-Za-z0-9_]+$/,
  /**
   * Spec §5 telephone (an optional leading +, digits, hyphen, space) plus the ways Italians write the
   * area code: 06/1234567, 06.1234567, (06) 1234567 (docs/architecture.md, "Patterns that accept real
   * Italian data"). Empty, or at least one digit: punctuation alone is no number. The runs before and
   * from the first digit cannot overlap, so a long refused text costs linear time.
   */
  telephone: /^(?:\+?[ ./()-]*[0-9][0-9 ./()-]*)?$/,
  /**
   * Free text on one line (not in spec §5): any printable character of any script, but no control
   * or format character (Unicode Cc and Cf). That refuses the bidirectional overrides, embeddings
   * and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F) that make "\u202Eevil"
   * show as "live", zero-width characters and invisible tag characters (docs/architecture.md,
   * "Free text"). Written with the `u` flag, as Ajv and TypeBox compile every schema pattern.
   */
  freeText: /^[^\p{Cc}\p{Cf}]*$/u,
  /** The same over several lines: tab, line feed and carriage return are the only controls allowed. */
  multiLineText: /^(?:[\t\n\r]|[^\p{Cc}\p{Cf}])*$/u,
} as const;
