// Spec §5 "Search bar": min 4 (or the list's own minimum), max 255, the shared search pattern; the
// submit is disabled only while a value is present but invalid; an empty bar searches for nothing.
import { describe, expect, it } from 'vitest';
import { checkSearch, DEFAULT_SEARCH_RULES } from '#shared/validation/search-bar.ts';

describe('search bar', () => {
  it('accepts an empty bar as "no search" with the submit enabled', () => {
    expect(checkSearch('')).toEqual({ search: null, errors: [], valid: true, submitDisabled: false, atMaxLength: false });
    expect(checkSearch('   ').search).toBeNull();
  });

  it('needs at least 4 characters, not counting surrounding spaces', () => {
    expect(checkSearch('Ros')).toMatchObject({ valid: false, errors: ['minlength'], submitDisabled: true });
    expect(checkSearch(' Ros ')).toMatchObject({ errors: ['minlength'] });
    expect(checkSearch('Ross')).toMatchObject({ valid: true, search: 'Ross' });
    expect(checkSearch(' Rossi ').search).toBe('Rossi');
  });

  it('takes a list-specific minimum', () => {
    expect(checkSearch('Bar', { ...DEFAULT_SEARCH_RULES, minLength: 3 }).valid).toBe(true);
  });

  it('names first the rule spec §8 puts first: empty text passes, then short, long, patterned', () => {
    const firstError = (value: string, minLength: number) => checkSearch(value, { ...DEFAULT_SEARCH_RULES, minLength }).errors[0] ?? null;
    expect(firstError('', 3)).toBeNull();
    expect(firstError('  ', 3)).toBeNull();
    expect(firstError('ro', 3)).toBe('minlength');
    expect(firstError('rom', 3)).toBeNull();
    expect(firstError('rom', 4)).toBe('minlength');
    expect(firstError('x'.repeat(256), 3)).toBe('maxlength');
    expect(firstError('roma<', 3)).toBe('pattern');
    expect(firstError("Sant'Angelo città", 3)).toBeNull();
  });

  it('accepts letters, digits, accents, spaces, apostrophes and & only', () => {
    expect(checkSearch("D'Aquì 42").valid).toBe(true);
    // People look for a "B&B" (docs/architecture.md, "Patterns that accept real Italian data").
    expect(checkSearch('B&B', { ...DEFAULT_SEARCH_RULES, minLength: 3 }).valid).toBe(true);
    expect(checkSearch('Rossi; DROP').errors).toEqual(['pattern']);
    expect(checkSearch('<img src=x>').errors).toEqual(['pattern']);
    expect(checkSearch('ab%').errors).toEqual(['minlength', 'pattern']);
  });

  it('says so at the maximum length and refuses more', () => {
    expect(checkSearch('a'.repeat(254)).atMaxLength).toBe(false);
    expect(checkSearch('a'.repeat(255))).toMatchObject({ valid: true, atMaxLength: true });
    expect(checkSearch('a'.repeat(256))).toMatchObject({ valid: false, errors: ['maxlength'], atMaxLength: true });
  });
});
