// The people the authorization matrix calls with, each holding a real token from the embedded provider.
import type { FastifyInstance } from 'fastify';
import { signIn } from '../support/oidc.ts';

export const ACTORS = ['anonymous', 'citizenA', 'citizenB', 'collaborator', 'clerk', 'administrator', 'deactivated', 'revoked'] as const;
export type Actor = (typeof ACTORS)[number];
/** For citizens: their own request, another person's, none. For staff: one of their offices', another office's, none. */
export const OBJECTS = ['own', 'other', 'missing'] as const;
export type ObjectKind = (typeof OBJECTS)[number];

export const PEOPLE = {
  citizenA: { key: 'mario', area: 'FO', fiscalCode: 'RSSMRA80A01H501U' },
  citizenB: { key: 'giulia', area: 'FO', fiscalCode: 'BNCGLI85M41F205B' },
  collaborator: { key: 'luca', area: 'BO', fiscalCode: 'NRELCU90S23L219G' },
  clerk: { key: 'chiara', area: 'BO', fiscalCode: 'RSSCHR85L59F205V' },
  administrator: { key: 'anna', area: 'BO', fiscalCode: 'VRDNNA75D52F839Y' },
  deactivated: { key: 'paolo', area: 'FO', fiscalCode: 'GLLPLA68B29A944Z' },
  revoked: { key: 'mario', area: 'FO', fiscalCode: 'RSSMRA80A01H501U' },
} as const;

export async function tokensFor(app: FastifyInstance, baseUrl: string): Promise<Record<Actor, string | null>> {
  const tokens: Record<Actor, string | null> = {
    anonymous: null,
    citizenA: null,
    citizenB: null,
    collaborator: null,
    clerk: null,
    administrator: null,
    deactivated: null,
    revoked: null,
  };
  for (const [actor, person] of Object.entries(PEOPLE) as [Exclude<Actor, 'anonymous'>, (typeof PEOPLE)[keyof typeof PEOPLE]][]) {
    tokens[actor] = (await signIn(app, baseUrl, person.area, person.key)).access_token;
    if (person.area === 'FO') {
      await app.inject({ url: `/api/suap/v1/request/getUserInfo?fiscalCode=${person.fiscalCode}`, headers: { authorization: `Bearer ${tokens[actor]}` } });
    }
  }
  const revoked = await app.inject({ method: 'DELETE', url: '/api/usersession/v1/user-session/revoke', payload: { accessToken: tokens.revoked } });
  if (revoked.statusCode !== 200) throw new Error(`could not revoke the matrix token: ${revoked.body}`);
  return tokens;
}
