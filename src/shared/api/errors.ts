// The error catalogue (spec §8, docs/architecture.md "The API contract"): every error answer carries the envelope
// {code, message, description} plus `errorKey`, a machine-readable kind a client localises by
// (locales: `api-errors.<key>`). `message` is one wording per kind (the HTTP phrase, or the spec's
// "Generic Error"); `description` says what exactly was wrong, in English, for people reading logs.
import Type, { type Static } from 'typebox';
import { ERROR_KEYS } from './error-keys.ts';

export * from './error-keys.ts';

export const ErrorKeySchema = Type.Union(
  ERROR_KEYS.map((key) => Type.Literal(key)),
  { description: 'Machine-readable kind of the error; clients localise by it (one wording per kind, Italian and English).' },
);

/** The envelope of every error answer. */
export const ErrorStatusSchema = Type.Object(
  {
    code: Type.Integer({ description: 'The HTTP status, or 999 for the spec’s Generic Error.' }),
    message: Type.String({ description: 'One wording per kind: the HTTP phrase, or "Generic Error".' }),
    description: Type.String({ description: 'What exactly was wrong (English, for people).' }),
    errorKey: ErrorKeySchema,
    field: Type.Optional(
      Type.String({
        description:
          'The request field the error concerns, as a dotted path of the body or a query parameter (personalData.fiscalCode, filter), when it concerns one.',
      }),
    ),
  },
  { title: 'ErrorStatus' },
);
export type ErrorStatus = Static<typeof ErrorStatusSchema>;
