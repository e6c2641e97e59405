import type { ModuleManifest } from '../../common/module-manifest';
import { TestPaymentCustomer, TestPaymentIntent, TestPaymentMethod } from './payment.entity';

export const manifest: ModuleManifest = {
  name: 'payment',
  entities: [TestPaymentCustomer, TestPaymentMethod, TestPaymentIntent],
};
