import { array, object, string } from 'yup';

/** Back-in-stock request (POST /product/itemNotification: email, itemId). */
export const backInStockSchema = object({
  email: string()
    .trim()
    .required('Email is required')
    .email('Email must be valid')
    .max(254, 'Email must be valid'),
  itemId: string().trim().required('Item is required').max(200),
});

/** Products asked by part number (get-product-detail-by-multi-id, customer-pricing). */
export const productIdsSchema = object({
  ids: array(string().trim().defined().max(200))
    .max(100, 'Ask for at most 100 products at once')
    .required('ids is required'),
});

export const productIdSchema = object({
  id: string().trim().required('id is required').max(200),
});

export const categoryHandleSchema = object({
  handle: string().trim().required('handle is required').max(300),
});
