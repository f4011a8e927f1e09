// The schema of every spec §3 entity. Plain SQL that runs on PostgreSQL 15 and on PGlite.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE profiles (
      profile_id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      description_it text NOT NULL,
      description_en text NOT NULL
    );
    CREATE TABLE users (
      user_id serial PRIMARY KEY,
      realm text NOT NULL CHECK (realm IN ('FO', 'BO')),
      fiscal_code text,
      eidas_id text,
      first_name text NOT NULL,
      last_name text NOT NULL,
      date_of_birth date,
      place_of_birth text,
      city_of_birth text,
      gender text,
      email text,
      profile_id integer NOT NULL REFERENCES profiles,
      active smallint NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (fiscal_code IS NOT NULL OR eidas_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX users_realm_fiscal_code ON users (realm, fiscal_code) WHERE fiscal_code IS NOT NULL;
    CREATE UNIQUE INDEX users_realm_eidas_id ON users (realm, eidas_id) WHERE eidas_id IS NOT NULL;
    CREATE INDEX users_bo_name ON users (realm, lower(first_name), lower(last_name), user_id);
    CREATE TABLE user_audit (
      audit_id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users,
      actor_user_id integer REFERENCES users,
      at timestamptz NOT NULL DEFAULT now(),
      action text NOT NULL,
      changes jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX user_audit_user ON user_audit (user_id, at DESC);

    CREATE TABLE type_of_service (
      type_of_service_id integer PRIMARY KEY,
      name_it text NOT NULL,
      name_en text NOT NULL,
      description_it text NOT NULL,
      description_en text NOT NULL
    );
    CREATE TABLE state_of_request (
      state_of_request_id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      description_it text NOT NULL,
      description_en text NOT NULL
    );

    CREATE TABLE regions (
      region_id integer PRIMARY KEY,
      name_it text NOT NULL,
      name_en text NOT NULL
    );
    CREATE TABLE provinces (
      province_id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name_it text NOT NULL,
      name_en text NOT NULL,
      region_id integer NOT NULL REFERENCES regions
    );
    CREATE INDEX provinces_region ON provinces (region_id, name_it);
    CREATE TABLE municipalities (
      municipality_id integer PRIMARY KEY,
      istat_code text NOT NULL UNIQUE,
      name_it text NOT NULL,
      name_en text NOT NULL,
      search_text text NOT NULL,
      province_id integer NOT NULL REFERENCES provinces
    );
    CREATE INDEX municipalities_province ON municipalities (province_id, name_it);

    CREATE TABLE suap (
      suap_id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      pec text NOT NULL,
      type text NOT NULL CHECK (type IN ('INT', 'EXT')),
      url text,
      search_text text NOT NULL,
      CHECK (type = 'INT' OR url IS NOT NULL)
    );
    CREATE INDEX suap_name ON suap (name, suap_id);
    CREATE TABLE suap_municipality (
      suap_id integer NOT NULL REFERENCES suap,
      municipality_id integer NOT NULL REFERENCES municipalities,
      PRIMARY KEY (municipality_id, suap_id)
    );
    CREATE INDEX suap_municipality_suap ON suap_municipality (suap_id);

    CREATE TABLE type_iniziative (
      type_iniziative_id integer PRIMARY KEY,
      description_it text NOT NULL,
      description_en text NOT NULL
    );
    CREATE TABLE iniziative (
      iniziative_id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      description_it text NOT NULL,
      description_en text NOT NULL,
      activity_it text NOT NULL,
      activity_en text NOT NULL,
      area_it text NOT NULL,
      area_en text NOT NULL,
      type_iniziative_id integer NOT NULL REFERENCES type_iniziative,
      search_text_it text NOT NULL,
      search_text_en text NOT NULL
    );
    CREATE INDEX iniziative_type_activity_it ON iniziative (type_iniziative_id, activity_it);
    CREATE INDEX iniziative_type_activity_en ON iniziative (type_iniziative_id, activity_en);
    CREATE INDEX iniziative_activity_it ON iniziative (activity_it);
    CREATE INDEX iniziative_activity_en ON iniziative (activity_en);

    CREATE TABLE requests (
      request_id bigserial PRIMARY KEY,
      type_of_service_id integer NOT NULL REFERENCES type_of_service,
      state_of_request_id integer NOT NULL REFERENCES state_of_request,
      user_id integer NOT NULL REFERENCES users,
      suap_id integer REFERENCES suap,
      iniziative_id integer REFERENCES iniziative,
      municipality_id integer REFERENCES municipalities,
      procedure_notification jsonb,
      personal_data jsonb,
      partita_iva text,
      sent_request_date timestamptz,
      decided_on timestamptz,
      decision_reason text,
      storage_limit timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_on timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      search_text text NOT NULL DEFAULT ''
    );
    CREATE INDEX requests_user ON requests (user_id, type_of_service_id, request_id DESC);
    CREATE INDEX requests_state ON requests (state_of_request_id, request_id DESC);
    CREATE INDEX requests_sent_date ON requests (sent_request_date DESC, request_id DESC);
    CREATE INDEX requests_suap ON requests (suap_id, request_id DESC);
    CREATE INDEX requests_draft_expiry ON requests (storage_limit) WHERE state_of_request_id = 1;

    CREATE TABLE request_history (
      history_id bigserial PRIMARY KEY,
      request_id bigint NOT NULL REFERENCES requests ON DELETE CASCADE,
      from_state integer REFERENCES state_of_request,
      to_state integer NOT NULL REFERENCES state_of_request,
      at timestamptz NOT NULL DEFAULT now(),
      actor_user_id integer REFERENCES users,
      actor_profile_id integer REFERENCES profiles,
      reason text
    );
    CREATE INDEX request_history_request ON request_history (request_id, at);

    CREATE TABLE companies (
      fiscal_code text PRIMARY KEY,
      name text NOT NULL,
      vat_number text
    );
    CREATE TABLE legal_representatives (
      company_fiscal_code text NOT NULL REFERENCES companies,
      person_fiscal_code text NOT NULL,
      PRIMARY KEY (company_fiscal_code, person_fiscal_code)
    );
    CREATE TABLE public_service_mapping (
      name text NOT NULL,
      ipa_code text NOT NULL,
      public_service jsonb NOT NULL,
      PRIMARY KEY (name, ipa_code)
    );
    CREATE TABLE app_config (
      key text PRIMARY KEY,
      value jsonb NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE app_config, public_service_mapping, legal_representatives, companies, request_history,
      requests, iniziative, type_iniziative, suap_municipality, suap, municipalities, provinces, regions,
      state_of_request, type_of_service, user_audit, users, profiles;
  `,
  );
}
