// Giulia Bianchi's requests, one or more in every state, so the private area pages and every
// state's colour and date rule can be seen on a fresh install.
import type { Kysely, Transaction } from 'kysely';
import { NotificationContactType, RequestState, Role, STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '../schema.ts';
import { draftStorageLimit } from '../../services/requests/retention.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoRequest {
  state: number;
  daysAgo: number;
  initiativeCode: string;
  reason?: string;
  /**
   * The draft names an office that has since moved to its own portal (type EXT): reopening it shows
   * the spec §4 warning on select-initiative (tests/e2e/enrolment.test.ts walks it).
   */
  officeNowExternal?: boolean;
}

/** Drafts get the storage limit a draft saved on its creation day would have (`retentionDays`). */
export async function seedDemoRequests(trx: Kysely<Database> | Transaction<Database>, now: Date, retentionDays: number): Promise<void> {
  const giulia = await trx.selectFrom('users').selectAll().where('realm', '=', 'FO').where('fiscal_code', '=', 'BNCGLI85M41F205B').executeTakeFirst();
  if (!giulia) return;
  const existing = await trx.selectFrom('requests').select('request_id').where('user_id', '=', giulia.user_id).executeTakeFirst();
  if (existing) return;

  const office = await trx
    .selectFrom('suap')
    .innerJoin('suap_municipality', 'suap_municipality.suap_id', 'suap.suap_id')
    .select(['suap.suap_id', 'suap.name', 'suap_municipality.municipality_id'])
    .where('suap_municipality.municipality_id', '=', 15146) // Milano
    .executeTakeFirst();
  const externalOffice = await trx
    .selectFrom('suap')
    .innerJoin('suap_municipality', 'suap_municipality.suap_id', 'suap.suap_id')
    .select(['suap.suap_id', 'suap.name', 'suap_municipality.municipality_id'])
    .where('suap.type', '=', 'EXT')
    .orderBy('suap.suap_id')
    .executeTakeFirst();
  const admin = await trx.selectFrom('users').select('user_id').where('realm', '=', 'BO').where('profile_id', '=', Role.BO_ADMIN).executeTakeFirst();
  const initiatives = await trx.selectFrom('iniziative').select(['iniziative_id', 'code']).orderBy('iniziative_id').execute();
  if (!office || initiatives.length === 0) return;

  const pick = (index: number) => initiatives[index % initiatives.length]!;
  const plan: DemoRequest[] = [
    // First, so it has the lowest id: lists newest first, and the other drafts stay the ones offered.
    ...(externalOffice ? [{ state: RequestState.DRAFT, daysAgo: 30, initiativeCode: pick(20).code, officeNowExternal: true }] : []),
    { state: RequestState.DRAFT, daysAgo: 2, initiativeCode: pick(0).code },
    { state: RequestState.SENT, daysAgo: 5, initiativeCode: pick(3).code },
    { state: RequestState.ACCEPTED, daysAgo: 40, initiativeCode: pick(5).code, reason: 'Documentazione completa e conforme.' },
    { state: RequestState.REJECTED, daysAgo: 60, initiativeCode: pick(8).code, reason: 'Manca la planimetria dei locali.' },
    { state: RequestState.DELETED, daysAgo: 90, initiativeCode: pick(11).code },
    { state: RequestState.SENT, daysAgo: 12, initiativeCode: pick(14).code },
    { state: RequestState.DRAFT, daysAgo: 20, initiativeCode: pick(17).code },
  ];

  for (const item of plan) {
    const created = new Date(now.getTime() - item.daysAgo * DAY);
    const sent = item.state >= RequestState.SENT ? new Date(created.getTime() + DAY / 2) : null;
    const decided = item.state === RequestState.ACCEPTED || item.state === RequestState.REJECTED ? new Date(created.getTime() + 10 * DAY) : null;
    const iniziative = initiatives.find((i) => i.code === item.initiativeCode)!;
    const chosen = item.officeNowExternal && externalOffice ? externalOffice : office;
    const { request_id } = await trx
      .insertInto('requests')
      .values({
        type_of_service_id: STARTUP_SERVICE_TYPE_ID,
        state_of_request_id: item.state,
        user_id: giulia.user_id,
        suap_id: chosen.suap_id,
        municipality_id: chosen.municipality_id,
        iniziative_id: iniziative.iniziative_id,
        procedure_notification: JSON.stringify({ type: NotificationContactType.EMAIL, value: giulia.email }),
        personal_data: JSON.stringify({
          firstName: giulia.first_name,
          lastName: giulia.last_name,
          fiscalCode: giulia.fiscal_code,
          // DATE columns may come back as Date objects from a client without our type parsers.
          dateOfBirth: giulia.date_of_birth ? new Date(giulia.date_of_birth).toISOString().slice(0, 10) : null,
          cityOfBirth: giulia.city_of_birth,
          gender: giulia.gender,
          email: giulia.email,
          // Where the business will be: its address in the municipality of the activity (municipality_id).
          activityAddress:
            chosen === office
              ? { street: 'Corso Buenos Aires', streetNumber: '20', zipCode: '20124' }
              : { street: 'Via Roma', streetNumber: '1', zipCode: '12051' },
          // Who the business is: the company Giulia represents (DEMO_COMPANIES), as her SPID professional identity asserts it.
          business: {
            kind: 'company',
            name: 'Caffè Bianchi S.r.l.',
            legalForm: 'srl',
            pec: 'caffe.bianchi@pec.example.org',
            atecoCode: '56.30.00',
            role: 'legal-representative',
          },
        }),
        partita_iva: '01234567897',
        // Sent requests passed the register's check (the demo's companies) when they were sent.
        legal_rep_check: item.state >= RequestState.SENT ? 'verified' : null,
        sent_request_date: sent,
        decided_on: decided,
        decision_reason: item.reason ?? null,
        created_at: created,
        updated_on: decided ?? sent ?? created,
        storage_limit: item.state === RequestState.DRAFT ? draftStorageLimit(created, retentionDays) : null,
        search_text: foldForSearch(`${giulia.first_name} ${giulia.last_name} ${chosen.name}`),
        applicant_sort: foldForSearch(`${giulia.first_name} ${giulia.last_name}`),
      })
      .returning('request_id')
      .executeTakeFirstOrThrow();

    const history: { from: number | null; to: number; at: Date; actor: number | null; profile: number | null; reason: string | null }[] = [
      { from: null, to: RequestState.DRAFT, at: created, actor: giulia.user_id, profile: Role.FRONT_OFFICE, reason: null },
    ];
    if (item.state === RequestState.DELETED)
      history.push({
        from: RequestState.DRAFT,
        to: RequestState.DELETED,
        at: new Date(created.getTime() + DAY),
        actor: giulia.user_id,
        profile: Role.FRONT_OFFICE,
        reason: null,
      });
    if (sent) history.push({ from: RequestState.DRAFT, to: RequestState.SENT, at: sent, actor: giulia.user_id, profile: Role.FRONT_OFFICE, reason: null });
    if (decided)
      history.push({
        from: RequestState.SENT,
        to: item.state,
        at: decided,
        actor: admin?.user_id ?? null,
        profile: Role.BO_ADMIN,
        reason: item.reason ?? null,
      });
    await trx
      .insertInto('request_history')
      .values(
        history.map((h) => ({
          request_id,
          from_state: h.from,
          to_state: h.to,
          at: h.at,
          actor_user_id: h.actor,
          actor_profile_id: h.profile,
          reason: h.reason,
        })),
      )
      .execute();
  }
}
