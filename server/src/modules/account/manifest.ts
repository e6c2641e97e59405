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
  routes: [{ prefix: '/', routes: userRoutes }],
};
