/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query ParentCategories {\n  parentCategories {\n    id\n    handle\n    name\n    subtitle\n    image\n  }\n}\n\nquery CategoryByHandle($handle: String!) {\n  category(handle: $handle) {\n    id\n    handle\n    name\n    subtitle\n    image\n    breadcrumbs {\n      id\n      handle\n      name\n    }\n    children {\n      id\n      handle\n      name\n      subtitle\n      image\n    }\n  }\n}\n\nquery ProductDetail($id: ID!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    marketPrice\n    manufacturerPartNumber\n    minimumPurchaseQuantity\n    minTransfer\n    unitOfMeasure\n    inStock\n    images\n    displayKind\n    measureKind\n    weightKg\n    brand {\n      id\n      name\n    }\n    category {\n      id\n      handle\n      name\n      breadcrumbs {\n        id\n        handle\n        name\n      }\n    }\n    attributes {\n      name\n      value\n    }\n    cadFiles {\n      name\n      format\n      url\n    }\n    configurationOptions {\n      id\n      code\n      name\n      kind\n      unit\n      unitPrice\n      minValue\n      maxValue\n      required\n    }\n  }\n}": typeof types.ParentCategoriesDocument,
};
const documents: Documents = {
    "query ParentCategories {\n  parentCategories {\n    id\n    handle\n    name\n    subtitle\n    image\n  }\n}\n\nquery CategoryByHandle($handle: String!) {\n  category(handle: $handle) {\n    id\n    handle\n    name\n    subtitle\n    image\n    breadcrumbs {\n      id\n      handle\n      name\n    }\n    children {\n      id\n      handle\n      name\n      subtitle\n      image\n    }\n  }\n}\n\nquery ProductDetail($id: ID!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    marketPrice\n    manufacturerPartNumber\n    minimumPurchaseQuantity\n    minTransfer\n    unitOfMeasure\n    inStock\n    images\n    displayKind\n    measureKind\n    weightKg\n    brand {\n      id\n      name\n    }\n    category {\n      id\n      handle\n      name\n      breadcrumbs {\n        id\n        handle\n        name\n      }\n    }\n    attributes {\n      name\n      value\n    }\n    cadFiles {\n      name\n      format\n      url\n    }\n    configurationOptions {\n      id\n      code\n      name\n      kind\n      unit\n      unitPrice\n      minValue\n      maxValue\n      required\n    }\n  }\n}": types.ParentCategoriesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ParentCategories {\n  parentCategories {\n    id\n    handle\n    name\n    subtitle\n    image\n  }\n}\n\nquery CategoryByHandle($handle: String!) {\n  category(handle: $handle) {\n    id\n    handle\n    name\n    subtitle\n    image\n    breadcrumbs {\n      id\n      handle\n      name\n    }\n    children {\n      id\n      handle\n      name\n      subtitle\n      image\n    }\n  }\n}\n\nquery ProductDetail($id: ID!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    marketPrice\n    manufacturerPartNumber\n    minimumPurchaseQuantity\n    minTransfer\n    unitOfMeasure\n    inStock\n    images\n    displayKind\n    measureKind\n    weightKg\n    brand {\n      id\n      name\n    }\n    category {\n      id\n      handle\n      name\n      breadcrumbs {\n        id\n        handle\n        name\n      }\n    }\n    attributes {\n      name\n      value\n    }\n    cadFiles {\n      name\n      format\n      url\n    }\n    configurationOptions {\n      id\n      code\n      name\n      kind\n      unit\n      unitPrice\n      minValue\n      maxValue\n      required\n    }\n  }\n}"): (typeof documents)["query ParentCategories {\n  parentCategories {\n    id\n    handle\n    name\n    subtitle\n    image\n  }\n}\n\nquery CategoryByHandle($handle: String!) {\n  category(handle: $handle) {\n    id\n    handle\n    name\n    subtitle\n    image\n    breadcrumbs {\n      id\n      handle\n      name\n    }\n    children {\n      id\n      handle\n      name\n      subtitle\n      image\n    }\n  }\n}\n\nquery ProductDetail($id: ID!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    marketPrice\n    manufacturerPartNumber\n    minimumPurchaseQuantity\n    minTransfer\n    unitOfMeasure\n    inStock\n    images\n    displayKind\n    measureKind\n    weightKg\n    brand {\n      id\n      name\n    }\n    category {\n      id\n      handle\n      name\n      breadcrumbs {\n        id\n        handle\n        name\n      }\n    }\n    attributes {\n      name\n      value\n    }\n    cadFiles {\n      name\n      format\n      url\n    }\n    configurationOptions {\n      id\n      code\n      name\n      kind\n      unit\n      unitPrice\n      minValue\n      maxValue\n      required\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;