import type { ModuleManifest } from '../../common/module-manifest';
import { Quote, QuoteAttachment, QuoteLine, QuoteMessage, QuoteRevision } from './quote.entity';
import { QuoteResolver } from './quote.resolver';
import { quoteRoutes } from './quote.routes';

export const manifest: ModuleManifest = {
  name: 'quote',
  entities: [Quote, QuoteLine, QuoteRevision, QuoteMessage, QuoteAttachment],
  resolvers: [QuoteResolver],
  routes: [{ prefix: '/', routes: quoteRoutes }],
  seedTruncates: ['quote_attachment', 'quote_line', 'quote_revision', 'quote_message', 'quote'],
};
