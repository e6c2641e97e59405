import type { Ctx } from '../../context';
import type { CategoryView } from './catalog.views';

export interface SiteView {
  id: string;
  name: string;
  currency: string;
  showAllProducts: boolean;
  logo: string;
  priceListId: string | null;
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

  /** From the top-level category down to `c` itself. */
  breadcrumbs(c: CategoryView): CategoryView[] {
    const path: CategoryView[] = [];
    for (let at: CategoryView | null = c; at; at = this.parent(at)) path.unshift(at);
    return path;
  }
}

/** Per-request memoised loads shared by resolvers and routes, so nested fields never cost extra queries. */
export class CatalogLoaders {
  private tree?: Promise<CategoryTree>;
  private siteRow?: Promise<SiteView | null>;

  constructor(private readonly ctx: Pick<Ctx, 'readDb' | 'site'>) {}

  /** Read with plain SQL: the tree is read on most requests and entity hydration costs 5x the query. */
  categoryTree(): Promise<CategoryTree> {
    this.tree ??= this.ctx.readDb
      .execute<CategoryView[]>(
        `select id, handle, name, subtitle, image, position, parent_id as "parentId" from category`,
      )
      .then((rows) => new CategoryTree(rows));
    return this.tree;
  }

  site(): Promise<SiteView | null> {
    this.siteRow ??= this.ctx.readDb
      .execute<SiteView[]>(
        `select id, name, currency, show_all_products as "showAllProducts", logo, price_list_id as "priceListId"
         from site where id = ?`,
        [this.ctx.site],
      )
      .then((rows) => rows[0] ?? null);
    return this.siteRow;
  }
}
