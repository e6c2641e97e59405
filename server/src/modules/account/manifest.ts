import type { ModuleManifest } from '../../common/module-manifest';
import {
  Address,
  ApiKey,
  BusinessAccount,
  PasswordReset,
  RateLimit,
  Registration,
  SavedCard,
  SignInThrottle,
  User,
} from './account.entity';
import { AccountResolver } from './account.resolver';
import { signInRoutes } from './sign-in.routes';
import { userRoutes } from './user.routes';

export const manifest: ModuleManifest = {
  name: 'account',
  entities: [
    BusinessAccount,
    User,
    ApiKey,
    Address,
    SavedCard,
    Registration,
    PasswordReset,
    RateLimit,
    SignInThrottle,
  ],
  resolvers: [AccountResolver],
  routes: [
    { prefix: '/', routes: userRoutes },
    // The auth base path's session and credentials sign-in (the rest of /auth is the auth module's).
    { prefix: '/auth', routes: signInRoutes },
  ],
};
