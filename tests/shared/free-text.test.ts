// Free text refuses control and format characters (docs/architecture.md, "Free text"): a reason
// written "\u202Eevil" must not show as "live". One definition, used by the form of a pratica's
// events, the server's schema and the mocks.
import { describe, expect, it } from 'vitest';
import { checkEvent, EMPTY_EVENT } from '#shared/validation/back-office-forms.ts';
import { StaffEventRequestSchema } from '#shared/api/pratica.ts';
import { Patterns } from '#shared/patterns.ts';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'];
const OTHER_CONTROLS = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u200B', '\u2060', '\uFEFF', '\u{E0041}'];

describe('free text', () => {
  it('refuses every bidirectional override, embedding, isolate and mark', () => {
    for (const char of BIDI) {
      expect(Patterns.freeText.test(`${char}evil`), `U+${char.codePointAt(0)!.toString(16)}`).toBe(false);
      expect(Patterns.multiLineText.test(`Manca la ${char}planimetria.`), `U+${char.codePointAt(0)!.toString(16)}`).toBe(false);
    }
  });

  it('refuses other control and invisible format characters', () => {
    for (const char of OTHER_CONTROLS) {
      expect(Patterns.freeText.test(`a${char}b`), `U+${char.codePointAt(0)!.toString(16)}`).toBe(false);
      expect(Patterns.multiLineText.test(`a${char}b`), `U+${char.codePointAt(0)!.toString(16)}`).toBe(false);
    }
  });

  it('keeps real text of any script, punctuation and emoji', () => {
    for (const text of ['Manca la planimetria: 3 copie, 12,50 € (IVA 22%) — “urgente”!', 'D’Angelo @ Comune di Città', 'שלום עולם', 'مرحبا', 'Zürich 🚀']) {
      expect(Patterns.freeText.test(text), text).toBe(true);
      expect(Patterns.multiLineText.test(text), text).toBe(true);
    }
  });

  it('allows tab and line breaks only where several lines are allowed', () => {
    expect(Patterns.multiLineText.test('Prima riga\r\nseconda\triga\nterza')).toBe(true);
    expect(Patterns.freeText.test('Prima riga\nseconda')).toBe(false);
    expect(Patterns.freeText.test('a\tb')).toBe(false);
  });

  it('is the rule of the notes of a pratica’s events (a conclusion’s reasons), in the server’s schema and in the staff’s form', () => {
    expect((StaffEventRequestSchema.properties.note as { pattern?: string }).pattern).toBe(Patterns.multiLineText.source);
    expect(checkEvent('CONCLUDE_NEGATIVE', { ...EMPTY_EVENT, note: 'Manca la\nplanimetria.' }).ok).toBe(true);
    const refused = checkEvent('CONCLUDE_NEGATIVE', { ...EMPTY_EVENT, note: '\u202Eevil reason' });
    expect(refused).toEqual({ ok: false, errors: { note: 'bo.pratica.errors.note-pattern' } });
  });
});
