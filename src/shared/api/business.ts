// The business's JSON Schema (docs/architecture.md "Who the business is"), from the rules of
// src/shared/business.ts: the route schemas, the OpenAPI document and the msw mocks use it.
import Type, { type Static } from 'typebox';
import { BusinessPatterns, COMPANY_NAME_MAX, type Business } from '../business.ts';
import { Patterns } from '../patterns.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const BusinessSchema = Type.Object(
  {
    // The literals are written out (TypeBox keeps their types only so); src/shared/business.ts lists them too, and the check below holds them equal.
    kind: Type.Union([Type.Literal('sole-trader'), Type.Literal('company')]),
    name: Type.Optional(Nullable(Type.String({ maxLength: COMPANY_NAME_MAX, pattern: BusinessPatterns.companyName.source }))),
    legalForm: Type.Optional(
      Nullable(
        Type.Union([
          Type.Literal('srl'),
          Type.Literal('srls'),
          Type.Literal('spa'),
          Type.Literal('sapa'),
          Type.Literal('sas'),
          Type.Literal('snc'),
          Type.Literal('ss'),
          Type.Literal('coop'),
          Type.Literal('consorzio'),
        ]),
      ),
    ),
    pec: Type.Optional(Nullable(Type.String({ maxLength: 255, pattern: Patterns.email.source }))),
    atecoCode: Type.String({ pattern: BusinessPatterns.atecoCode.source, description: 'ATECO 2025 activity code, NN.NN.NN.' }),
    role: Type.Union([Type.Literal('legal-representative'), Type.Literal('intermediary')]),
  },
  {
    additionalProperties: false,
    description: "Who the business is: a sole trader or a company; a company's VAT number is the request's partitaIva.",
  },
);
// The schema and the rules' interface describe one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShape: Same<Static<typeof BusinessSchema>, Business> = true;
void sameShape;

/** How the server settled, at send, that the applicant represents the company (server-owned). */
export const LegalRepCheckSchema = Type.Union([Type.Literal('verified'), Type.Literal('declared'), Type.Null()], {
  description:
    "Set at send for a company's legal representative: 'verified' when the register (spec §7 check-legal-rep) answered OK, 'declared' when no register is configured and the applicant's self-declaration (DPR 445/2000) stands, not verified.",
});
