import type { ModuleManifest } from '../../common/module-manifest';
import { FormAttachment, FormSubmission } from './forms.entity';
import { FormsResolver } from './forms.resolver';
import { formsRoutes } from './forms.routes';

export const manifest: ModuleManifest = {
  name: 'forms',
  entities: [FormSubmission, FormAttachment],
  resolvers: [FormsResolver],
  routes: [{ prefix: '/', routes: formsRoutes }],
};
