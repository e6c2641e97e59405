import { createHash } from 'node:crypto';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';

/*
 * Persisted operations (issue 34 item 4, decision 051): the catalogue reads partners may send as
 * `GET /graphql?operationName=…&variables=…&extensions={"persistedQuery":{"version":1,"sha256Hash":"…"}}`. The list
 * is this file, the same in every process (no per-process registration: Apollo's automatic persisted queries would
 * keep whatever any client sent, in each process's memory). Hashes are SHA-256 of each operation's text as printed
 * here; docs/persisted-operations.json publishes them (`npm run schema` writes it, `npm run check` fails when stale).
 * A listed operation sent with GET is cacheable like the catalogue's REST reads (public for anonymous callers).
 */
const PARTNER_READS = /* GraphQL */ `
  fragment PartnerProductFields on Product {
    id
    name
    manufacturerPartNumber
    brand {
      handle
      name
    }
    category {
      handle
      name
    }
    unitOfMeasure
    minimumPurchaseQuantity
    price
    priceTiers {
      minQuantity
      unitPrice
      savingPct
    }
    inStock
    orderable
    stock {
      backorderAllowed
      leadTimeDays
      warehouses {
        warehouseId
        name
        available
      }
    }
  }

  query PartnerProduct($id: ID!) {
    product(id: $id) {
      ...PartnerProductFields
      description
      attributes {
        name
        value
      }
    }
  }

  query PartnerProducts($ids: [ID!]!) {
    products(ids: $ids) {
      ...PartnerProductFields
    }
  }

  query PartnerPrices($ids: [ID!]!) {
    productRefreshDetails(ids: $ids) {
      id
      price
      fromPrice
      packSize
      inStock
      orderable
    }
  }

  query PartnerCategories {
    parentCategories {
      handle
      name
      children {
        handle
        name
      }
    }
  }

  query PartnerCategory($handle: String!, $page: Int! = 1, $pageSize: Int! = 24) {
    category(handle: $handle) {
      handle
      name
      breadcrumbs {
        handle
        name
      }
      children {
        handle
        name
      }
      products(page: $page, pageSize: $pageSize) {
        total
        exactCounts
        results {
          id
          name
        }
      }
    }
  }

  query PartnerSearch($query: String!, $page: Int! = 1, $pageSize: Int! = 24) {
    search(query: $query, page: $page, pageSize: $pageSize) {
      total
      exactCounts
      correctedQuery
      results {
        id
        name
      }
    }
  }

  query PartnerRecommendations($categories: [String!]!, $productId: String) {
    recommendations(categories: $categories, productId: $productId) {
      ...PartnerProductFields
    }
  }
`;

export interface PersistedOperation {
  name: string;
  sha256Hash: string;
  query: string;
}

/** Each operation of `source` printed with the fragments it uses (transitively), and its SHA-256. */
export function persistedOperations(source: string): PersistedOperation[] {
  const definitions = parse(source).definitions;
  const fragments = new Map(
    definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const used = (node: DefinitionNode, into: Set<string>) => {
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (into.has(name)) return;
        into.add(name);
        used(fragments.get(name)!, into);
      },
    });
    return into;
  };
  return definitions.flatMap((d) => {
    if (d.kind !== Kind.OPERATION_DEFINITION || !d.name) return [];
    const query = [d, ...[...used(d, new Set())].sort().map((name) => fragments.get(name)!)]
      .map((node) => print(node))
      .join('\n\n');
    return [{ name: d.name.value, sha256Hash: createHash('sha256').update(query).digest('hex'), query }];
  });
}

export const PERSISTED_OPERATIONS = persistedOperations(PARTNER_READS);
const byHash = new Map(PERSISTED_OPERATIONS.map((op) => [op.sha256Hash, op.query]));

/** Whether a request named one of the listed operations by its hash. */
export const isPersisted = (sha256Hash: unknown): boolean =>
  typeof sha256Hash === 'string' && byHash.has(sha256Hash);

/**
 * Apollo's persisted-query store, read-only: it knows the listed operations (Apollo asks for `apq:<hash>`) and keeps
 * nothing a client sends.
 */
export const persistedOperationStore = {
  async get(key: string): Promise<string | undefined> {
    return byHash.get(key.replace(/^apq:/, ''));
  },
  async set(): Promise<void> {},
  async delete(): Promise<void> {},
};
