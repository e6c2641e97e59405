import type { Ctx, Db } from '../../context';
import type { ReferenceCache } from '../../common/reference-cache';
import type { SiteView } from '../site';
import type { CategoryView } from './catalog.views';
import { partStock, type PartStock } from '../stock';
import { prepared } from '../../db/prepared';

declare module '../../context' {
  interface Ctx {
    /** The catalogue's per-request loaders (batched reads, the category tree, the site's price list). */
    catalog: CatalogLoaders;
  }
  interface AppServices {
    /** The category tree cached per process, or null (catalogue caches off: read per request). */
    categoryTrees: ReferenceCache<CategoryTree> | null;
  }
}

/** The category tree, indexed both ways. Loaded with one query per request, whatever the query asks. */
export class CategoryTree {
  readonly byId = new Map<string, CategoryView>();
  readonly byHandle = new Map<string, CategoryView>();
  private readonly childrenOf = new Map<string | null, CategoryView[]>();

  constructor(categories: CategoryView[]) {
    const sorted = [...categories].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    for (const c of sorted) {
      this.byId.set(c.id, c);
      this.byHandle.set(c.handle, c);
      const siblings = this.childrenOf.get(c.parentId) ?? [];
      siblings.push(c);
      this.childrenOf.set(c.parentId, siblings);
    }
  }

  roots(): CategoryView[] {
    return this.childrenOf.get(null) ?? [];
  }

  children(id: string): CategoryView[] {
    return this.childrenOf.get(id) ?? [];
  }

  parent(c: CategoryView): CategoryView | null {
    return c.parentId ? (this.byId.get(c.parentId) ?? null) : null;
  }

  /** The ids of the category with `handle` and of every category under it; none for an unknown handle. */
  subtreeIds(handle: string): string[] {
    const root = this.byHandle.get(handle);
    if (!root) return [];
    const ids: string[] = [];
    const walk = (c: CategoryView) => {
      ids.push(c.id);
      for (const child of this.children(c.id)) walk(child);
    };
    walk(root);
    return ids;
  }

  /** From the top-level category down to `c` itself. */
  breadcrumbs(c: CategoryView): CategoryView[] {
    const path: CategoryView[] = [];
    for (let at: CategoryView | null = c; at; at = this.parent(at)) path.unshift(at);
    return path;
  }
}

/** Read with plain SQL: the tree is read on most requests and entity hydration costs 5x the query. */
export async function loadCategoryTree(db: Db): Promise<CategoryTree> {
  const rows = await db.execute<CategoryView[]>(
    `select id, handle, name, subtitle, image, position, parent_id as "parentId" from category`,
  );
  return new CategoryTree(rows);
}

/** Translated descriptions of products (a hot path, decision 020: planned once per connection). */
const DESCRIPTIONS = prepared<{ key: string; text: string }>(
  `select key, text from translation where kind = 'description' and locale = ? and key = any(?::text[])`,
);

/** Catalogue text and the language it is written in (a BCP 47 tag: `en`, `fr-CA`). */
export interface CatalogText {
  text: string;
  lang: string;
}

/** Per-request memoised loads shared by resolvers and routes, so nested fields never cost extra queries. */
export class CatalogLoaders {
  private tree?: Promise<CategoryTree>;
  private translations?: Promise<Map<string, string>>;
  constructor(private readonly ctx: Pick<Ctx, 'readDb' | 'site' | 'app' | 'locale'>) {}

  /**
   * The catalogue's text in the request's language (decision 034): a category's name by its handle, an
   * attribute's or an option's label by its English label; the English text when there is no translation. An
   * English page reads nothing; another language reads its translations once per request.
   */
  async translate(
    kind: 'category' | 'subtitle' | 'attribute' | 'option',
    key: string,
    english: string,
  ): Promise<string> {
    if (this.ctx.locale === 'en-US') return english;
    // Descriptions (one per product) are read by the products shown: see description().
    this.translations ??= this.ctx.readDb
      .execute<{ kind: string; key: string; text: string }[]>(
        `select kind, key, text from translation where locale = ? and kind <> 'description'`,
        [this.ctx.locale],
      )
      .then((rows) => new Map(rows.map((r) => [`${r.kind}:${r.key}`, r.text])));
    return (await this.translations).get(`${kind}:${key}`) ?? english;
  }

  private descriptionBatch?: { ids: Set<string>; loaded: Promise<Map<string, string>> };
  private readonly descriptions = new Map<string, Promise<CatalogText>>();

  /**
   * A product's description in the request's language and the language it is in (decision 059): its translation
   * (kind `description`, keyed by part number), else the English with lang `en`. The products asked for in one turn
   * (a page of results, a product page) are read in one statement; an English page reads nothing.
   */
  description(productId: string, english: string): Promise<CatalogText> {
    if (this.ctx.locale === 'en-US') return Promise.resolve({ text: english, lang: 'en' });
    let known = this.descriptions.get(productId);
    if (!known) {
      if (!this.descriptionBatch) {
        const ids = new Set<string>();
        const loaded = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          this.descriptionBatch = undefined;
          const rows = await DESCRIPTIONS.all(this.ctx.readDb, [this.ctx.locale, [...ids]]);
          return new Map(rows.map((r) => [r.key, r.text]));
        });
        this.descriptionBatch = { ids, loaded };
      }
      this.descriptionBatch.ids.add(productId);
      const locale = this.ctx.locale;
      known = this.descriptionBatch.loaded.then((texts) => {
        const text = texts.get(productId);
        return text === undefined ? { text: english, lang: 'en' } : { text, lang: locale };
      });
      this.descriptions.set(productId, known);
    }
    return known;
  }

  /** The process's cached tree when the catalogue caches are on, else one query per request. */
  categoryTree(): Promise<CategoryTree> {
    this.tree ??= this.ctx.app.categoryTrees?.get() ?? loadCategoryTree(this.ctx.readDb);
    return this.tree;
  }

  private stockBatch?: { ids: Set<string>; loaded: Promise<Map<string, PartStock>> };

  /**
   * A part's stock and backorder terms; the parts asked for in one turn (a page of products, a cart's lines) are
   * read in one query.
   */
  stock(productId: string): Promise<PartStock | undefined> {
    if (!this.stockBatch) {
      const ids = new Set<string>();
      const loaded = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.stockBatch = undefined;
        return partStock({ db: this.ctx.readDb }, [...ids]);
      });
      this.stockBatch = { ids, loaded };
    }
    this.stockBatch.ids.add(productId);
    return this.stockBatch.loaded.then((parts) => parts.get(productId));
  }

  /** The request's site (from the process's directory: no query). */
  site(): Promise<SiteView | null> {
    return this.ctx.app.sites.get(this.ctx.site);
  }
}
