import { useQuery } from '@apollo/client/react';
import {
  CategoryByHandleDocument,
  ParentCategoriesDocument,
  ProductDetailDocument,
} from './graphql/catalog.generated';

/** Top-level categories (header Products menu, home page). */
export function useParentCategories() {
  const { data, loading, error } = useQuery(ParentCategoriesDocument);
  return { categories: data?.parentCategories ?? [], loading, error };
}

export function useCategory(handle: string) {
  const { data, loading, error } = useQuery(CategoryByHandleDocument, {
    variables: { handle },
    skip: !handle,
  });
  return { category: data?.category ?? null, loading, error };
}

export function useProduct(id: string) {
  const { data, loading, error } = useQuery(ProductDetailDocument, { variables: { id }, skip: !id });
  return { product: data?.product ?? null, loading, error };
}
