import { array, boolean, number, object, string, type InferType } from 'yup';
import { SITE_IDS, type SiteId } from './constants';
import type { PromotionAction, PromotionConditions, PromotionLimits } from './promotions';
import { SITE_COUNTRY } from './regions';
import { oneLine, plainText } from './text.schema';

/**
 * A promotion as staff keep it in the console (issue 58, decision 079): one flat form, checked in the browser and
 * again by `savePromotion`. `promotionDraft` turns it into the rule's shape (domain/promotions.ts).
 */

export const PROMOTION_ACTIONS = [
  'linesPercent',
  'linesAmount',
  'orderAmount',
  'freightPercent',
  'freightAmount',
  'buyGet',
] as const;
export type PromotionActionKind = (typeof PROMOTION_ACTIONS)[number];
export const PROMOTION_COMPANIES = ['all', 'named', 'none'] as const;

/** At most this many products, categories, brands, companies or price lists in one condition. */
export const PROMOTION_MAX_NAMED = 200;

const PCT = 'Enter a percentage from 0.01 to 100.';
const AMOUNT = 'Enter an amount above 0.';
const WHOLE = 'Enter a whole number from 1.';

const optionalAmount = () =>
  number().typeError(AMOUNT).moreThan(0, AMOUNT).max(1e9, AMOUNT).nullable().optional().default(null);
const optionalWhole = () =>
  number().typeError(WHOLE).integer(WHOLE).min(1, WHOLE).max(1e9, WHOLE).nullable().optional().default(null);
const named = () =>
  array()
    .of(string().trim().required().max(200).test(oneLine))
    .max(PROMOTION_MAX_NAMED, `Name at most ${PROMOTION_MAX_NAMED}.`)
    .default([]);
const needsPct = (kind: unknown) => kind === 'linesPercent' || kind === 'freightPercent' || kind === 'buyGet';
const needsAmount = (kind: unknown) =>
  kind === 'linesAmount' || kind === 'orderAmount' || kind === 'freightAmount';

export const promotionSchema = object({
  name: string()
    .trim()
    .required('Name the promotion.')
    .max(120, 'A name has at most 120 characters.')
    .test(oneLine),
  note: string().trim().max(2000, 'A note has at most 2,000 characters.').test(plainText).default(''),
  automatic: boolean().default(false),
  /** The shared code (none for an automatic promotion, or one reached only by a batch of single-use codes). */
  code: string()
    .trim()
    .uppercase()
    .matches(/^[A-Z0-9-]{4,32}$/, {
      message: 'A code has 4 to 32 letters, digits or hyphens.',
      excludeEmptyString: true,
    })
    .nullable()
    .optional()
    .default(null),
  priority: number().typeError(WHOLE).integer(WHOLE).min(0).max(1000).default(100),
  exclusive: boolean().default(false),
  startsAt: string().datetime('Enter a start date.').nullable().optional().default(null),
  endsAt: string()
    .datetime('Enter an end date.')
    .nullable()
    .optional()
    .default(null)
    .test('after', 'The end must be after the start.', function (end) {
      const start = this.parent.startsAt as string | null | undefined;
      return !end || !start || Date.parse(end) > Date.parse(start);
    }),
  sites: array()
    .of(
      string()
        .oneOf([...SITE_IDS], 'Choose a site of the store.')
        .required(),
    )
    .min(1, 'Choose at least one site.')
    .required('Choose at least one site.')
    .test(
      'one-currency',
      'A promotion with amounts sells in one currency: choose sites of one country.',
      function (sites) {
        const countries = new Set((sites ?? []).map((s) => SITE_COUNTRY[s as SiteId]));
        return countries.size <= 1 || !hasAmounts(this.parent as AmountFields);
      },
    ),
  minSubtotal: optionalAmount(),
  minQuantity: optionalWhole(),
  productIds: named(),
  categoryHandles: named(),
  brandIds: named(),
  guests: boolean().default(true),
  signedIn: boolean().default(true),
  companies: string()
    .oneOf([...PROMOTION_COMPANIES])
    .default('all'),
  companyIds: named().test('named', 'Name the companies it is for.', function (ids) {
    return this.parent.companies !== 'named' || (ids ?? []).length > 0;
  }),
  priceListIds: named(),
  firstOrderOnly: boolean().default(false),
  actionKind: string()
    .oneOf([...PROMOTION_ACTIONS], 'Choose what the promotion gives.')
    .required(),
  pct: number()
    .typeError(PCT)
    .min(0.01, PCT)
    .max(100, PCT)
    .nullable()
    .optional()
    .default(null)
    .test('needed', PCT, function (v) {
      return !needsPct(this.parent.actionKind) || (v !== null && v !== undefined);
    }),
  amount: optionalAmount().test('needed', AMOUNT, function (v) {
    return !needsAmount(this.parent.actionKind) || (v !== null && v !== undefined);
  }),
  buy: optionalWhole().test('needed', WHOLE, function (v) {
    return this.parent.actionKind !== 'buyGet' || (v !== null && v !== undefined);
  }),
  get: optionalWhole().test('needed', WHOLE, function (v) {
    return this.parent.actionKind !== 'buyGet' || (v !== null && v !== undefined);
  }),
  maxDiscount: optionalAmount(),
  limitTotal: optionalWhole(),
  limitPerCustomer: optionalWhole(),
  limitPerCompany: optionalWhole(),
  budget: optionalAmount(),
});

export type PromotionForm = InferType<typeof promotionSchema>;

type AmountFields = {
  [K in 'minSubtotal' | 'maxDiscount' | 'budget' | 'amount']?: number | null;
} & { actionKind?: string };

/** Whether the promotion names an amount (which ties it to one currency: decision 079). */
export function hasAmounts(form: AmountFields): boolean {
  const amounts = [
    form.minSubtotal,
    form.maxDiscount,
    form.budget,
    needsAmount(form.actionKind) ? form.amount : null,
  ];
  return amounts.some((a) => a !== null && a !== undefined);
}

/** The form in the rule's terms (its currency is the sites', set by the server from the sites' directory). */
export function promotionDraft(form: PromotionForm): {
  conditions: PromotionConditions;
  action: PromotionAction;
  limits: PromotionLimits;
} {
  const conditions: PromotionConditions = {
    customers: {
      guests: form.guests,
      signedIn: form.signedIn,
      companies: form.companies as PromotionConditions['customers']['companies'],
      ...(form.companies === 'named' ? { companyIds: form.companyIds } : {}),
    },
  };
  if (form.minSubtotal) conditions.minSubtotal = form.minSubtotal;
  if (form.minQuantity) conditions.minQuantity = form.minQuantity;
  if (form.productIds.length) conditions.productIds = form.productIds;
  if (form.categoryHandles.length) conditions.categoryHandles = form.categoryHandles;
  if (form.brandIds.length) conditions.brandIds = form.brandIds;
  if (form.priceListIds.length) conditions.priceListIds = form.priceListIds;
  if (form.firstOrderOnly) conditions.firstOrderOnly = true;
  const kind = form.actionKind as PromotionActionKind;
  const action: PromotionAction =
    kind === 'buyGet'
      ? { kind, buy: form.buy!, get: form.get!, pct: form.pct! }
      : kind === 'linesPercent' || kind === 'freightPercent'
        ? { kind, pct: form.pct! }
        : { kind, amount: form.amount! };
  const limits: PromotionLimits = {};
  if (form.limitTotal) limits.total = form.limitTotal;
  if (form.limitPerCustomer) limits.perCustomer = form.limitPerCustomer;
  if (form.limitPerCompany) limits.perCompany = form.limitPerCompany;
  if (form.budget) limits.budget = form.budget;
  return { conditions, action, limits };
}

/** The form's values of a promotion as kept (the console's edit of it). */
export function promotionFormOf(rule: {
  name: string;
  note: string;
  automatic: boolean;
  code: string | null;
  priority: number;
  exclusive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  sites: SiteId[];
  conditions: PromotionConditions;
  action: PromotionAction;
  maxDiscount: number | null;
  limits: PromotionLimits;
}): PromotionForm {
  const { conditions: c, action: a, limits: l } = rule;
  return {
    name: rule.name,
    note: rule.note,
    automatic: rule.automatic,
    code: rule.code,
    priority: rule.priority,
    exclusive: rule.exclusive,
    startsAt: rule.startsAt,
    endsAt: rule.endsAt,
    sites: rule.sites,
    minSubtotal: c.minSubtotal ?? null,
    minQuantity: c.minQuantity ?? null,
    productIds: c.productIds ?? [],
    categoryHandles: c.categoryHandles ?? [],
    brandIds: c.brandIds ?? [],
    guests: c.customers.guests,
    signedIn: c.customers.signedIn,
    companies: c.customers.companies,
    companyIds: c.customers.companyIds ?? [],
    priceListIds: c.priceListIds ?? [],
    firstOrderOnly: c.firstOrderOnly ?? false,
    actionKind: a.kind,
    pct: 'pct' in a ? a.pct : null,
    amount: 'amount' in a ? a.amount : null,
    buy: a.kind === 'buyGet' ? a.buy : null,
    get: a.kind === 'buyGet' ? a.get : null,
    maxDiscount: rule.maxDiscount,
    limitTotal: l.total ?? null,
    limitPerCustomer: l.perCustomer ?? null,
    limitPerCompany: l.perCompany ?? null,
    budget: l.budget ?? null,
  };
}

/** How many single-use codes one batch may make (the console's field and `generatePromotionCodes`). */
export const MAX_BATCH_CODES = 10_000;
const BATCH_COUNT = 'Enter a number of codes from 1 to 10,000.';

/** A batch of single-use codes as staff ask for it: how many, and a prefix before each code's random part. */
export const promotionCodesSchema = object({
  count: number()
    .typeError(BATCH_COUNT)
    .integer(BATCH_COUNT)
    .min(1, BATCH_COUNT)
    .max(MAX_BATCH_CODES, BATCH_COUNT)
    .required(BATCH_COUNT),
  prefix: string()
    .trim()
    .uppercase()
    .matches(/^[A-Z0-9-]{0,12}$/, 'A prefix has at most 12 letters, digits or hyphens.')
    .default(''),
});
