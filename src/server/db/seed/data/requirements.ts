// The documents each initiative of the seed's catalogue asks for (docs/architecture.md "What each
// initiative needs"), derived from its type and area so an initiative added later (npm run
// import:initiatives) gets sensible ones too. The kinds and the sets are the default catalogue's
// (src/shared/requirement-catalogue.ts), which the service page describes. A real installation's
// catalogue is the office's own (its forms, its fees): these are what every SCIA of the kind needs.
import { REQUIREMENT_SETS, type RequirementInSet } from '#shared/requirement-catalogue.ts';
import { INITIATIVE_AREAS } from './initiatives.ts';

/** What an initiative is, for its defaults: its code, type (3 is a closure) and Italian area. */
export interface InitiativeForRequirements {
  code: string;
  typeIniziativeId: number;
  areaIt: string;
}

const CLOSURE = 3;

/** Areas whose activity takes place in premises the office checks (a shop, a salon, a kitchen, a surgery). */
const PREMISES_AREAS: ReadonlySet<string> = new Set(
  [INITIATIVE_AREAS.trade, INITIATIVE_AREAS.foodService, INITIATIVE_AREAS.personal, INITIATIVE_AREAS.accommodation, INITIATIVE_AREAS.crafts, INITIATIVE_AREAS.health].map(
    (area) => area.areaIt,
  ),
);

/**
 * Seed initiatives of those areas without premises of their own to draw (street trading, online
 * sales, vending machines) or whose premises do not change (a takeover, a new technical manager).
 */
const NO_FLOOR_PLAN: ReadonlySet<string> = new Set([
  'AVV-COM-003',
  'AVV-COM-004',
  'AVV-COM-005',
  'AVV-COM-007',
  'MOD-COM-001',
  'MOD-SOM-001',
  'MOD-SPE-001',
  'MOD-SPE-002',
  'MOD-ART-001',
]);

/** Food businesses outside the food-service area (Reg. CE 852/2004 covers whoever makes or sells food). */
const FOOD_BUSINESSES: ReadonlySet<string> = new Set(['AVV-COM-007', 'AVV-ART-001', 'AVV-ART-002', 'AVV-ART-003', 'AVV-ART-004']);

/** The documents an initiative asks for by default. */
export function defaultRequirements(initiative: InitiativeForRequirements): RequirementInSet[] {
  if (initiative.typeIniziativeId === CLOSURE) return [...REQUIREMENT_SETS.closure];
  const list: RequirementInSet[] = [...REQUIREMENT_SETS.base];
  if (PREMISES_AREAS.has(initiative.areaIt) && !NO_FLOOR_PLAN.has(initiative.code)) list.push(...REQUIREMENT_SETS.premises);
  if (initiative.areaIt === INITIATIVE_AREAS.foodService.areaIt || FOOD_BUSINESSES.has(initiative.code)) list.push(...REQUIREMENT_SETS.food);
  return list;
}
