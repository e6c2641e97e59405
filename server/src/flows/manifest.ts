import type { ModuleManifest } from '../common/module-manifest';
import { ApprovalResolver } from './approval.resolver';
import { CheckoutResolver } from './checkout.resolver';
import { EditOrderResolver } from './edit-order.resolver';
import { EventFeedResolver } from './event-feed.resolver';
import { eventFeedRoutes } from './event-feed.routes';
import { formFlowRoutes } from './forms.routes';
import { orderFlowRoutes } from './orders.routes';
import { ReturnFlowResolver } from './returns.resolver';
import { returnFlowRoutes } from './returns.routes';

/**
 * The flows' own transport (issue 53): the routes and resolvers that run a flow live beside the flows, so no module
 * imports one. config/manifests.ts reads this manifest after the modules'; it owns no entity and no table.
 */
export const manifest: ModuleManifest = {
  name: 'flows',
  resolvers: [ApprovalResolver, CheckoutResolver, EditOrderResolver, EventFeedResolver, ReturnFlowResolver],
  routes: [
    { prefix: '/', routes: orderFlowRoutes },
    { prefix: '/', routes: formFlowRoutes },
    { prefix: '/', routes: returnFlowRoutes },
    { prefix: '/', routes: eventFeedRoutes },
  ],
};
