import type { ModuleManifest } from '../../common/module-manifest';
import { authRoutes } from './auth.routes';
import { AuthChecker } from './permissions';

export const manifest: ModuleManifest = {
  name: 'auth',
  routes: [{ prefix: '/auth', routes: authRoutes }],
  authChecker: AuthChecker,
  // The session's user and a partner's key are read later (sessionUser, api-tokens.ts).
  begin(ctx) {
    ctx.user = null;
    ctx.apiCaller = null;
  },
};
