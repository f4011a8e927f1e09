// The one way a form is checked (src/shared/validation/validate.ts): the schema's output to send,
// or the first error of each wrong field, as the message keys the schema names; and the rule that
// keeps it the one way (docs/architecture.md "Form validation"): no schema outside that folder.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { validate } from '#shared/validation/validate.ts';

const schema = object({
  name: string()
    .trim()
    .required('errors.required')
    .max(5, 'errors.too-long')
    .matches(/^[a-z ]*$/, 'errors.letters'),
  code: string().trim().uppercase().required('errors.required'),
});

describe('validate', () => {
  it('answers the schema’s output (trimmed, upper-cased) without the keys it does not know', () => {
    expect(validate(schema, { name: ' anna ', code: 'ab1', extra: 'dropped' })).toEqual({ ok: true, value: { name: 'anna', code: 'AB1' } });
  });

  it('names each wrong field once, with the first rule it breaks, and leaves the right ones out', () => {
    expect(validate(schema, { name: 'Annabella', code: '' })).toEqual({ ok: false, errors: { name: 'errors.too-long', code: 'errors.required' } });
    expect(validate(schema, { name: 'Ann4', code: 'x' })).toEqual({ ok: false, errors: { name: 'errors.letters' } });
  });
});

describe('the home of form validation', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const sources = (folder: string): string[] =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(folder, file));

  it('writes yup schemas only in src/shared/validation', () => {
    const schemaFiles = ['src', 'machines', 'mocks'].flatMap(sources).filter((file) => /from 'yup'/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(schemaFiles.length).toBeGreaterThan(0);
    expect(schemaFiles.filter((file) => !file.startsWith(path.join('src', 'shared', 'validation')))).toEqual([]);
  });
});
