// Objects for the matrix's cells: fresh drafts and sent requests per cell (calls that change things
// never share an object), staff ids, and valid fiscal codes for new staff. The matrix's staff work
// for every office but one (Turin's): a request moved there is "another office's" (a 404 for them).
import { createHash } from 'node:crypto';
import { CheckDigitizer } from '@marketto/codice-fiscale-utils';
import type { FastifyInstance } from 'fastify';
import type { SuapRequest } from '#shared/api/requests.ts';
import { requirementsOf } from '#server/services/documents/requirements.ts';
import { signIn } from '../support/oidc.ts';
import { type Actor, type ObjectKind, PEOPLE } from './actors.ts';

const MISSING_ID = 99_999_999;
const ROME = 58091;
/** The office none of the matrix's staff works for: Turin's. */
const TURIN = 1272;

export interface MatrixFixtures {
  tokens: Record<Actor, string | null>;
  ipaCode: string;
  /** The initiative the matrix's requests are for (the first of the catalogue). */
  iniziativeId: number;
  nextYear: string;
  personCheck: Record<string, string>;
  freshToken(actor: Exclude<Actor, 'anonymous'>): Promise<string>;
  fiscalCodeFor(actor: Actor, object: ObjectKind): string;
  draftFor(actor: Actor, object: ObjectKind): Promise<SuapRequest>;
  /** For staff: a request of one of their offices, another office's, or a missing one. */
  anyRequestId(object: ObjectKind): Promise<number>;
  /** A fresh sent request: for staff of one of their offices, or another office's; for citizens `owner`'s. */
  sentRequest(object: ObjectKind, owner?: 'citizenA' | 'citizenB'): Promise<SuapRequest>;
  /** A fresh draft of citizenB's for staff: of one of their offices (Rome's), another office's, or a missing one. */
  staffDraft(object: ObjectKind): Promise<number>;
  staffId(actor: Actor, object: ObjectKind): number;
  newStaff(): Record<string, unknown>;
  staffModification(actor: Actor, object: ObjectKind): Promise<Record<string, unknown>>;
  /** A draft that takes documents (the matrix's own requirement, MATRIX_DOC) and the multipart upload of one. */
  uploadFor(actor: Actor, object: ObjectKind): Promise<{ requestId: number; payload: Buffer; contentType: string }>;
  /** A stored document of a draft: the actor's own, another person's, or a missing one. */
  documentFor(actor: Actor, object: ObjectKind): Promise<{ requestId: number; attachmentId: number }>;
  /** A stored document for staff: of a draft of one of their offices, another office's, or a missing one. */
  staffDocument(object: ObjectKind): Promise<{ requestId: number; attachmentId: number }>;
}

/** The matrix's requirement: optional, so a send never waits for it; PDF or PNG, unsigned. */
const MATRIX_DOC = 'MATRIX_DOC';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR matrix')]);

function multipartUpload(requirementCode: string, content: Buffer) {
  const boundary = '----suap-matrix';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="requirementCode"\r\n\r\n${requirementCode}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.png"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function matrixFixtures(
  app: FastifyInstance,
  baseUrl: string,
  ipaCode: string,
  tokens: Record<Actor, string | null>,
  db: import('kysely').Kysely<import('#server/db/schema.ts').Database>,
): Promise<MatrixFixtures> {
  const auth = (actor: Actor) => ({ authorization: `Bearer ${tokens[actor]}` });
  const create = async (owner: 'citizenA' | 'citizenB', body: Record<string, unknown> = {}) => {
    const response = await app.inject({ method: 'POST', url: '/api/suap/v1/request', headers: auth(owner), payload: body });
    return (response.json() as { request: SuapRequest }).request;
  };
  const staff = await db.selectFrom('users').select(['user_id', 'fiscal_code']).where('realm', '=', 'BO').execute();
  const staffIdOf = (fiscalCode: string) => staff.find((s) => s.fiscal_code === fiscalCode)!.user_id;
  const office = await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow();
  const otherOffice = await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', TURIN).executeTakeFirstOrThrow();
  await db
    .deleteFrom('staff_office')
    .where('suap_id', '=', otherOffice.suap_id)
    .where(
      'user_id',
      'in',
      [PEOPLE.collaborator, PEOPLE.clerk, PEOPLE.administrator].map((p) => staffIdOf(p.fiscalCode)),
    )
    .execute();
  /** Readdresses request `requestId` to the office the matrix's staff do not work for. */
  const toOtherOffice = async (requestId: number) => {
    await db.updateTable('requests').set({ suap_id: otherOffice.suap_id, municipality_id: TURIN }).where('request_id', '=', requestId).execute();
    return requestId;
  };
  const initiative = await db.selectFrom('iniziative').select('iniziative_id').orderBy('iniziative_id').executeTakeFirstOrThrow();
  const anyRequest = await db.selectFrom('requests').select('request_id').orderBy('request_id').executeTakeFirstOrThrow();
  let counter = 0;
  // Every initiative takes the matrix's document; the required documents of the one the sent
  // requests name are stored directly, since the send refuses a request without them.
  await db
    .insertInto('document_requirement')
    .values({
      code: MATRIX_DOC,
      position: 999,
      name_it: 'Documento',
      name_en: 'Document',
      description_it: '',
      description_en: '',
      accepted_types: JSON.stringify(['pdf', 'png']),
      max_bytes: 1024 * 1024,
      max_files: 1000,
      signature_required: false,
    })
    .execute();
  await db
    .insertInto('iniziative_requirement')
    .values({ iniziative_id: initiative.iniziative_id, requirement_code: MATRIX_DOC, required: false, required_when: null })
    .execute();
  const requiredCodes = (await requirementsOf(db, initiative.iniziative_id)).filter((r) => r.required).map((r) => r.requirementCode);
  const withDocuments = async (owner: 'citizenA' | 'citizenB', requirementCodes: string[]) => {
    const draft = await create(owner, { iniziative: { iniziativeId: initiative.iniziative_id } });
    const ownerId = (await db.selectFrom('requests').select('user_id').where('request_id', '=', draft.requestId).executeTakeFirstOrThrow()).user_id;
    const ids: number[] = [];
    for (const code of requirementCodes) {
      const { attachment_id } = await db
        .insertInto('attachment')
        .values({
          request_id: draft.requestId,
          requirement_code: code,
          file_name: 'plan.png',
          storage_name: 'plan.png',
          mime_type: 'image/png',
          size: PNG.length,
          hash: createHash('sha256').update(PNG).digest('hex'),
          owner_user_id: ownerId,
          status: 'stored',
        })
        .returning('attachment_id')
        .executeTakeFirstOrThrow();
      await db.insertInto('attachment_chunk').values({ attachment_id, seq: 0, data: PNG }).execute();
      ids.push(attachment_id);
    }
    return { draft, ids };
  };
  const ownerOf = (actor: Actor, object: ObjectKind): 'citizenA' | 'citizenB' =>
    object === 'own' && (actor === 'citizenA' || actor === 'citizenB') ? actor : object === 'own' ? 'citizenA' : otherCitizen(actor);
  const otherCitizen = (actor: Actor): 'citizenA' | 'citizenB' => (actor === 'citizenB' ? 'citizenA' : 'citizenB');

  return {
    tokens,
    ipaCode,
    iniziativeId: initiative.iniziative_id,
    nextYear: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
    personCheck: {
      nome: 'Mario',
      cognome: 'Rossi',
      dataNascita: '1980-01-01',
      statoNascita: 'Italia',
      comuneNascita: 'Roma',
      sesso: 'M',
      codiceFiscale: 'RSSMRA80A01H501U',
    },
    freshToken: async (actor) => (await signIn(app, baseUrl, PEOPLE[actor].area, PEOPLE[actor].key)).access_token,
    fiscalCodeFor: (actor, object) => {
      const own = actor === 'anonymous' ? PEOPLE.citizenA.fiscalCode : PEOPLE[actor].fiscalCode;
      if (object === 'own') return own;
      return object === 'other' ? (own === PEOPLE.citizenB.fiscalCode ? PEOPLE.citizenA.fiscalCode : PEOPLE.citizenB.fiscalCode) : 'ZZZZZZ99Z99Z999Z';
    },
    draftFor: async (actor, object) => {
      if (object === 'missing') return { requestId: MISSING_ID, version: 1 } as SuapRequest;
      const owner = object === 'own' && (actor === 'citizenA' || actor === 'citizenB') ? actor : object === 'own' ? 'citizenA' : otherCitizen(actor);
      return create(owner);
    },
    anyRequestId: async (object) =>
      object === 'missing' ? MISSING_ID : object === 'other' ? toOtherOffice((await create('citizenB')).requestId) : anyRequest.request_id,
    sentRequest: async (object, owner = 'citizenB') => {
      if (object === 'missing') return { requestId: MISSING_ID, version: 1 } as SuapRequest;
      const { draft } = await withDocuments(owner, requiredCodes);
      const who =
        owner === 'citizenA'
          ? { firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@example.org' }
          : { firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia.bianchi@example.org' };
      const response = await app.inject({
        method: 'PUT',
        url: `/api/suap/v1/request/${draft.requestId}`,
        headers: auth(owner),
        payload: {
          ...draft,
          procedureNotification: { type: 1, value: who.email },
          suap: { suapId: office.suap_id },
          municipalityId: ROME,
          iniziative: { iniziativeId: initiative.iniziative_id },
          personalData: {
            firstName: who.firstName,
            lastName: who.lastName,
            fiscalCode: PEOPLE[owner].fiscalCode,
            business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
            activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
          },
          stateOfRequest: { stateOfRequestId: 3 },
        },
      });
      if (response.statusCode !== 200) throw new Error(`could not send the matrix's request: ${response.body}`);
      const sent = (response.json() as { request: SuapRequest }).request;
      if (object === 'other' && owner === 'citizenB') await toOtherOffice(sent.requestId);
      return sent;
    },
    staffDraft: async (object) => {
      if (object === 'missing') return MISSING_ID;
      const draft = await create('citizenB', { suap: { suapId: office.suap_id }, municipalityId: ROME });
      return object === 'other' ? toOtherOffice(draft.requestId) : draft.requestId;
    },
    staffId: (actor, object) => {
      if (object === 'missing') return MISSING_ID;
      const self = actor === 'collaborator' || actor === 'clerk' ? PEOPLE[actor].fiscalCode : PEOPLE.administrator.fiscalCode;
      const other = self === PEOPLE.administrator.fiscalCode ? PEOPLE.collaborator.fiscalCode : PEOPLE.administrator.fiscalCode;
      return staffIdOf(object === 'own' ? self : other);
    },
    newStaff: () => {
      // A valid, unique fiscal code for each new staff member: letters from a counter, correct check character.
      const n = counter++;
      const letters = [...Array(3)].map((_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join('');
      const body = `TST${letters}80A01H501`;
      return {
        firstName: 'Nuovo',
        lastName: 'Collaboratore',
        fiscalCode: body + CheckDigitizer.checkDigit(body),
        email: `nuovo${n}@comune.example.org`,
        profile: { profileId: 3 },
      };
    },
    uploadFor: async (actor, object) => {
      const requestId = object === 'missing' ? MISSING_ID : (await withDocuments(ownerOf(actor, object), [])).draft.requestId;
      return { requestId, ...multipartUpload(MATRIX_DOC, PNG) };
    },
    documentFor: async (actor, object) => {
      if (object === 'missing') return { requestId: MISSING_ID, attachmentId: MISSING_ID };
      const { draft, ids } = await withDocuments(ownerOf(actor, object), [MATRIX_DOC]);
      return { requestId: draft.requestId, attachmentId: ids[0]! };
    },
    staffDocument: async (object) => {
      if (object === 'missing') return { requestId: MISSING_ID, attachmentId: MISSING_ID };
      const { draft, ids } = await withDocuments('citizenA', [MATRIX_DOC]);
      return { requestId: object === 'other' ? await toOtherOffice(draft.requestId) : draft.requestId, attachmentId: ids[0]! };
    },
    staffModification: async (actor, object) => {
      const id =
        object === 'missing'
          ? MISSING_ID
          : (() => {
              const self = actor === 'collaborator' ? PEOPLE.collaborator : PEOPLE.administrator;
              return staffIdOf(
                object === 'own' ? self.fiscalCode : self === PEOPLE.administrator ? PEOPLE.collaborator.fiscalCode : PEOPLE.administrator.fiscalCode,
              );
            })();
      const row = await db.selectFrom('users').selectAll().where('user_id', '=', id).executeTakeFirst();
      const base = row ?? { first_name: 'Nessuno', last_name: 'Qui', fiscal_code: 'RSSMRA80A01H501U', email: 'x@example.org', profile_id: 3 };
      return {
        userId: id,
        firstName: base.first_name,
        lastName: base.last_name,
        fiscalCode: base.fiscal_code,
        email: `changed.${counter++}@comune.example.org`,
        profile: { profileId: base.profile_id },
      };
    },
  };
}
