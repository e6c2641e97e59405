import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF } from '../../domain/constants';
import { seedTranslations } from '../src/modules/catalog/seed/translations';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let gql: (body: object, locale?: string) => Promise<any>;

beforeAll(async () => {
  t = await createTestApp();
  const { agent, token } = await t.agentWithCsrf();
  gql = async (body, locale) => {
    const req = agent.post('/graphql').set(CSRF.header, token);
    // The shop's language travels in its locale cookie, with the session's.
    if (locale) req.set('Cookie', `locale=${locale}`);
    return (await req.send(body)).body;
  };
});
afterAll(async () => t.close());

const CUT_PRODUCT = `select p.id from product p
  join product_configuration_option o on o.product_id = p.id and o.code = 'CUT_LENGTH'
  where p.attributes::text like '%"Material"%' order by p.id limit 1`;

describe("the catalogue in the shopper's language (decision 034)", () => {
  it('names categories, attributes, options and filters in fr-CA and es-MX, and keeps English in en-US', async () => {
    const [{ id }] = await t.orm.em.getConnection().execute<{ id: string }[]>(CUT_PRODUCT);
    const query = `query($id: ID!) {
      product(id: $id) { category { breadcrumbs { handle name } } attributes { name value }
        configurationOptions { code name } }
      category(handle: "linear-motion") { name products(pageSize: 1) { availableNavigation { displayName label
        refinements { value displayValue } } } }
      parentCategories { handle name } }`;
    const en = (await gql({ query, variables: { id } })).data;
    const fr = (await gql({ query, variables: { id } }, 'fr-CA')).data;
    const es = (await gql({ query, variables: { id } }, 'es-MX')).data;

    expect(en.category.name).toBe('Linear Motion');
    expect(fr.category.name).toBe('Mouvement linéaire');
    expect(es.category.name).toBe('Movimiento lineal');
    expect(fr.parentCategories.find((c: { handle: string }) => c.handle === 'bearings').name).toBe(
      'Roulements',
    );

    const cut = (data: typeof en) =>
      data.product.configurationOptions.find((o: { code: string }) => o.code === 'CUT_LENGTH').name;
    expect([cut(en), cut(fr), cut(es)]).toEqual(['Cut Length', 'Longueur de coupe', 'Longitud de corte']);
    const materialAt = en.product.attributes.findIndex((a: { name: string }) => a.name === 'Material');
    const material = (data: typeof en) => data.product.attributes[materialAt]?.name;
    expect([material(en), material(fr), material(es)]).toEqual(['Material', 'Matériau', 'Material']);
    // Values stay as the catalogue has them; only the labels are translated.
    expect(fr.product.attributes.map((a: { value: string }) => a.value)).toEqual(
      en.product.attributes.map((a: { value: string }) => a.value),
    );
    expect(fr.product.category.breadcrumbs.map((c: { handle: string }) => c.handle)).toEqual(
      en.product.category.breadcrumbs.map((c: { handle: string }) => c.handle),
    );
    expect(
      fr.product.category.breadcrumbs.every(
        (c: { name: string }, i: number) => c.name !== en.product.category.breadcrumbs[i].name,
      ),
    ).toBe(true);

    // A filter keeps its English key (displayName) and shows its label; category refinements read translated.
    const navs = fr.category.products.availableNavigation;
    const railSize = navs.find((n: { displayName: string }) => n.displayName === 'Rail Size');
    expect(railSize?.label).toBe('Taille du rail');
    const categories = navs.find((n: { displayName: string }) => n.displayName === 'CATEGORY');
    expect(categories.refinements.map((r: { displayValue: string }) => r.displayValue)).toContain(
      'Rails de guidage linéaire',
    );
  });

  it('an English page reads no translation at all', async () => {
    t.resetQueries();
    await gql({ query: '{ category(handle: "linear-motion") { name } }' });
    expect(t.queries.filter((q) => q.includes('translation'))).toEqual([]);
  });

  it('seeds a translation for every demo category, in both languages', async () => {
    const rows = await t.orm.em.getConnection().execute<{ missing: number }[]>(
      `select count(*)::int as missing from category c cross join (values ('fr-CA'), ('es-MX')) l(locale)
       where not exists (select 1 from translation t where t.kind = 'category' and t.key = c.handle
         and t.locale = l.locale)`,
    );
    expect(rows[0]!.missing).toBe(0);
  });
});

describe('product descriptions and category blurbs in the shopper’s language (decision 059)', () => {
  const PRODUCT = `query($id: ID!) { product(id: $id) { id description descriptionLang } }`;
  const untranslatedId = async () => {
    const [row] = await t.orm.em.getConnection().execute<{ id: string }[]>(
      `select p.id from product p join category c on c.id = p.category_id
       where c.handle like 'bearings/%' order by p.id limit 1`,
    );
    return row!.id;
  };

  it('reads a top category’s part in French or Spanish, and another part in English with lang en', async () => {
    const en = (await gql({ query: PRODUCT, variables: { id: '2020-B' } })).data.product;
    const fr = (await gql({ query: PRODUCT, variables: { id: '2020-B' } }, 'fr-CA')).data.product;
    const es = (await gql({ query: PRODUCT, variables: { id: '2020-B' } }, 'es-MX')).data.product;
    expect(en).toEqual({
      id: '2020-B',
      description: expect.stringMatching(/^2020 T-slot aluminum extrusion from the 20 mm series/),
      descriptionLang: 'en',
    });
    expect(fr.description).toBe(
      'Profilé d’aluminium à rainure en T 2020 de la série 20 mm, en alliage 6105-T5, anodisé noir. Coupé à votre longueur à ±0,25 mm près, avec taraudage des extrémités et lamages pour fixations d’ancrage en option.',
    );
    expect(fr.descriptionLang).toBe('fr-CA');
    expect(es.description).toMatch(/^Perfil de aluminio con ranura en T 2020 de la serie 20 mm/);
    expect(es.descriptionLang).toBe('es-MX');

    // A revision of a translated part (the test catalogue is larger than the base one) reads its family's text.
    const base = (await gql({ query: PRODUCT, variables: { id: '1010-C' } }, 'fr-CA')).data.product;
    const revision = (await gql({ query: PRODUCT, variables: { id: '1010-C-R1' } }, 'fr-CA')).data.product;
    expect(base.description).toMatch(/^Profilé d’aluminium à rainure en T 1010 de la série 10 en pouces/);
    expect(revision).toEqual({ ...base, id: '1010-C-R1' });

    const bearing = await untranslatedId();
    const englishBearing = (await gql({ query: PRODUCT, variables: { id: bearing } })).data.product;
    const frBearing = (await gql({ query: PRODUCT, variables: { id: bearing } }, 'fr-CA')).data.product;
    expect(frBearing).toEqual({ ...englishBearing, descriptionLang: 'en' });
  });

  it('a page of results in French reads its descriptions in one statement', async () => {
    const query = `{ category(handle: "t-slot-extrusion") { products(pageSize: 24) {
      results { id description descriptionLang } } } }`;
    t.resetQueries();
    const results = (await gql({ query }, 'fr-CA')).data.category.products.results;
    expect(results.length).toBeGreaterThan(5);
    expect(results.every((r: { descriptionLang: string }) => r.descriptionLang === 'fr-CA')).toBe(true);
    expect(t.queries.filter((q) => q.includes("kind = 'description'"))).toHaveLength(1);
  });

  it('a start adds the translations a catalogue seeded before them lacks, not to a description since edited', async () => {
    const db = t.orm.em.getConnection();
    await db.execute(`delete from translation where kind = 'description'`);
    await db.execute(`update product set description = 'Our own words about this rail.' where id = 'MGN7-R'`);
    expect(await seedTranslations(t.orm)).toBeGreaterThan(0);
    const fr = async (id: string) =>
      (await gql({ query: PRODUCT, variables: { id } }, 'fr-CA')).data.product.descriptionLang;
    expect(await fr('2020-B')).toBe('fr-CA');
    expect(await fr('MGN7-R')).toBe('en');
  });

  it('names the home page’s categories with their blurbs in French', async () => {
    const query = '{ parentCategories { handle name subtitle } }';
    const fr = (await gql({ query }, 'fr-CA')).data.parentCategories;
    const en = (await gql({ query })).data.parentCategories;
    expect(fr.find((c: { handle: string }) => c.handle === 'linear-motion').subtitle).toBe(
      'Rails profilés, chariots et roulements linéaires pour un déplacement fluide et précis.',
    );
    expect(en.find((c: { handle: string }) => c.handle === 'linear-motion').subtitle).toBe(
      'Profile rail, carriages and linear bearings for smooth, precise travel.',
    );
    expect(fr.every((c: { subtitle: string }, i: number) => c.subtitle !== en[i].subtitle)).toBe(true);
  });
});
