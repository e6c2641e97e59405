import { useMutation } from '@apollo/client/react';
import type { AdminOrderInput } from '@domain/admin';
import type { DeliveryInput, ShipmentInput } from '@domain/fulfilment';
import {
  DeliverOrderDocument,
  ShipOrderDocument,
  UpdateOrderDocument,
  type AdminOrderFieldsFragment,
} from './orders.generated';

/** Once saved, the console's order is read again: a new version mounts a fresh form. */
const reread = { refetchQueries: ['AdminOrder'], awaitRefetchQueries: true };

/**
 * What the console does to one order, each sent with the version the operator saw (a stale page gets the
 * conflict): save the edit form, ship what is left (or given lines), record the delivery.
 */
export function useOrderActions(order: Pick<AdminOrderFieldsFragment, 'id' | 'version'>) {
  const [update] = useMutation(UpdateOrderDocument);
  const [ship] = useMutation(ShipOrderDocument);
  const [deliver] = useMutation(DeliverOrderDocument);
  const target = { id: order.id, version: order.version };
  return {
    save: (values: AdminOrderInput) =>
      update({
        variables: {
          ...target,
          input: {
            ...values,
            address: { ...values.address, addressLine2: values.address.addressLine2 || null },
          },
        },
        ...reread,
      }),
    ship: (input: ShipmentInput) => ship({ variables: { ...target, input }, ...reread }),
    deliver: (input: DeliveryInput) => deliver({ variables: { ...target, input }, ...reread }),
  };
}
