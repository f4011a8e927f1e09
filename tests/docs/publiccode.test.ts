// publiccode.yml against the publiccode.yml standard 0.4 (docs/standard/schema.core.rst and
// schema.it.rst of the standard's repository, whose Go parser cannot be fetched here): the mandatory
// keys, the values its lists allow, the categories of its controlled vocabulary, and the facts
// this repository already states elsewhere (version, licence, languages).
import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/** The standard's controlled vocabulary of categories (docs/standard/categories-list.rst, v0.4.0). */
export const CATEGORIES = [
  'accounting', 'agile-project-management', 'applicant-tracking', 'application-development', 'appointment-scheduling', 'backup',
  'billing-and-invoicing', 'blog', 'budgeting', 'business-intelligence', 'business-process-management', 'cad', 'call-center-management',
  'cloud-management', 'collaboration', 'communications', 'compliance-management', 'contact-management', 'content-management', 'crm',
  'customer-service-and-support', 'data-analytics', 'data-collection', 'data-visualization', 'design', 'design-system',
  'digital-asset-management', 'digital-citizenship', 'document-management', 'donor-management', 'e-commerce', 'e-signature',
  'educational-content', 'email-management', 'email-marketing', 'employee-management', 'enterprise-project-management',
  'enterprise-social-networking', 'erp', 'event-management', 'facility-management', 'feedback-and-reviews-management',
  'financial-reporting', 'fleet-management', 'fundraising', 'gamification', 'geographic-information-systems', 'grant-management',
  'graphic-design', 'help-desk', 'hr', 'ide', 'identity-management', 'instant-messaging', 'integrated-library-system',
  'inventory-management', 'it-asset-management', 'it-development', 'it-management', 'it-security', 'it-service-management',
  'knowledge-management', 'learning-management-system', 'marketing', 'mind-mapping', 'mobile-marketing', 'mobile-payment',
  'network-management', 'office', 'online-booking', 'online-community', 'payment-gateway', 'payroll', 'predictive-analysis',
  'procurement', 'productivity-suite', 'project-collaboration', 'project-management', 'property-management', 'real-estate-management',
  'regulations-and-directives', 'remote-support', 'resource-management', 'sales-management', 'seo', 'service-desk',
  'social-media-management', 'survey', 'talent-management', 'task-management', 'taxes-management', 'test-management', 'time-management',
  'time-tracking', 'translation', 'video-conferencing', 'video-editing', 'visitor-management', 'voip', 'warehouse-management',
  'web-collaboration', 'web-conferencing', 'website-builder', 'whistleblowing', 'workflow-management',
];
const DEVELOPMENT_STATUSES = ['concept', 'development', 'beta', 'stable', 'obsolete'];
const SOFTWARE_TYPES = [
  'standalone/mobile', 'standalone/iot', 'standalone/desktop', 'standalone/web', 'standalone/backend', 'standalone/other', 'addon',
  'library', 'configurationFiles',
];
const MAINTENANCE_TYPES = ['internal', 'contract', 'community', 'none'];
const IT_FLAGS = { conforme: ['lineeGuidaDesign', 'modelloInteroperabilita', 'misureMinimeSicurezza', 'gdpr'], piattaforme: ['spid', 'cie', 'anpr', 'pagopa', 'io'] };

interface Description {
  shortDescription: string;
  longDescription: string;
  features: string[];
}

interface PublicCode {
  publiccodeYmlVersion: string;
  name: string;
  url: string;
  softwareVersion?: string;
  releaseDate?: string;
  platforms: string[];
  categories: string[];
  developmentStatus: string;
  softwareType: string;
  description: Record<string, Description>;
  legal: { license: string };
  maintenance: { type: string; contacts?: { name: string }[]; contractors?: unknown[] };
  localisation: { localisationReady: boolean; availableLanguages: string[] };
  it: { countryExtensionVersion: string; conforme?: Record<string, boolean>; piattaforme?: Record<string, boolean>; riuso?: { codiceIPA: string } };
}

/** What the standard refuses in `card`, one sentence each. */
export function violations(card: PublicCode): string[] {
  const wrong: string[] = [];
  const need = (ok: boolean, sentence: string) => ok || wrong.push(sentence);
  for (const key of ['publiccodeYmlVersion', 'name', 'url', 'platforms', 'categories', 'developmentStatus', 'softwareType', 'description', 'legal', 'maintenance', 'localisation'] as const)
    need(card[key] !== undefined, `${key} is mandatory`);
  need(/^0\.4(\.\d+)?$/.test(card.publiccodeYmlVersion ?? ''), 'publiccodeYmlVersion is 0.4');
  need(/^https:\/\/\S+$/.test(card.url ?? ''), 'url is the repository address');
  need((card.platforms ?? []).length > 0, 'platforms names one at least');
  need((card.categories ?? []).length > 0, 'categories names one at least');
  for (const category of card.categories ?? []) need(CATEGORIES.includes(category), `category ${category} is not in the standard's list`);
  need(DEVELOPMENT_STATUSES.includes(card.developmentStatus), `developmentStatus ${card.developmentStatus} is not allowed`);
  need(SOFTWARE_TYPES.includes(card.softwareType), `softwareType ${card.softwareType} is not allowed`);
  need(card.releaseDate === undefined || /^\d{4}-\d{2}-\d{2}$/.test(card.releaseDate), 'releaseDate is YYYY-MM-DD');
  const descriptions = Object.entries(card.description ?? {});
  need(descriptions.length > 0, 'description has one language at least');
  for (const [language, text] of descriptions) {
    need((text.shortDescription ?? '').length > 0 && text.shortDescription.length <= 150, `description.${language}.shortDescription is 1 to 150 characters`);
    const long = (text.longDescription ?? '').length;
    need(long >= 150 && long <= 10_000, `description.${language}.longDescription is 150 to 10000 characters (${long})`);
    need((text.features ?? []).length > 0, `description.${language}.features lists one at least`);
  }
  need(Boolean(card.legal?.license), 'legal.license is mandatory');
  need(MAINTENANCE_TYPES.includes(card.maintenance?.type), `maintenance.type ${card.maintenance?.type} is not allowed`);
  if (['internal', 'community'].includes(card.maintenance?.type))
    need((card.maintenance.contacts ?? []).every((contact) => Boolean(contact.name)) && (card.maintenance.contacts ?? []).length > 0, 'maintenance.contacts names a person');
  need((card.maintenance?.type === 'contract') === Boolean(card.maintenance?.contractors), 'maintenance.contractors exactly for a contract');
  need(typeof card.localisation?.localisationReady === 'boolean', 'localisation.localisationReady is true or false');
  need((card.localisation?.availableLanguages ?? []).length > 0, 'localisation.availableLanguages names one at least');
  need(card.it?.countryExtensionVersion === '1.0', 'it.countryExtensionVersion is "1.0"');
  for (const [section, keys] of Object.entries(IT_FLAGS) as ['conforme' | 'piattaforme', string[]][]) {
    const flags: Record<string, unknown> = card.it?.[section] ?? {};
    for (const [key, value] of Object.entries(flags)) need(keys.includes(key) && typeof value === 'boolean', `it.${section}.${key} is not a flag of the standard`);
  }
  need(/^[a-z0-9_]+$/i.test(card.it?.riuso?.codiceIPA ?? ''), 'it.riuso.codiceIPA is an IPA code');
  return wrong;
}

const card = parse(fs.readFileSync('publiccode.yml', 'utf8')) as PublicCode;
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string; license: string };

describe('publiccode.yml', () => {
  it('has every mandatory key, with values the standard allows and categories from its list', () => {
    expect(violations(card)).toEqual([]);
    expect(card.description.it && card.description.en).toBeTruthy();
  });

  it("says what the repository says: the version, the licence and the portal's languages", () => {
    expect(card.softwareVersion).toBe(packageJson.version);
    expect(card.legal.license).toBe(packageJson.license);
    const locales = fs.readdirSync('locales').map((file) => file.replace(/\.json$/, ''));
    expect([...card.localisation.availableLanguages].sort()).toEqual(locales.sort());
    expect(Object.keys(card.description).sort()).toEqual(locales.sort());
  });

  it('marks each placeholder a publishing administration must replace', () => {
    const text = fs.readFileSync('publiccode.yml', 'utf8');
    for (const key of ['url:', '- name:', 'codiceIPA:']) expect(text.split('\n').find((line) => line.trim().startsWith(key))).toContain('# PLACEHOLDER');
  });

  it('names what is wrong in a card that breaks the standard', () => {
    const broken = {
      ...card,
      categories: ['business-registration'],
      softwareType: 'standalone',
      description: { en: { shortDescription: 'x'.repeat(151), longDescription: 'short', features: [] } },
      maintenance: { type: 'internal', contacts: [] },
      it: { countryExtensionVersion: '0.2', conforme: { accessibile: true } },
    } as unknown as PublicCode;
    expect(violations(broken)).toEqual([
      "category business-registration is not in the standard's list",
      'softwareType standalone is not allowed',
      'description.en.shortDescription is 1 to 150 characters',
      'description.en.longDescription is 150 to 10000 characters (5)',
      'description.en.features lists one at least',
      'maintenance.contacts names a person',
      'it.countryExtensionVersion is "1.0"',
      'it.conforme.accessibile is not a flag of the standard',
      'it.riuso.codiceIPA is an IPA code',
    ]);
  });
});
