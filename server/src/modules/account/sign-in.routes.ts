import { Router } from 'express';
import { AppError } from '../../common/errors';
import { ctxOf } from '../../rest/ctx';
import { safeCallback } from '../auth';
import { accountService } from './account.service';
import { savedCardsService } from './saved-cards.service';

/**
 * The calls of the auth base path (spec section 7) that read or sign in a user: the session and the credentials
 * sign-in. They live with the account, which they call, so the auth module imports no account file (issue 53 item
 * 2); the rest of the base path is auth.routes.ts, mounted at the same prefix (their paths never overlap).
 */
export function signInRoutes(): Router {
  const router = Router();

  // {} when signed out (the client reads no userInfo as anonymous).
  router.get('/session', async (req, res) => {
    const ctx = ctxOf(req);
    const user = ctx.user;
    res.set('Cache-Control', 'no-store');
    if (!user) return void res.json({});
    // paymentKey null: the client runs the payment-key initialisation (spec section 4).
    const paymentKey = await savedCardsService.paymentKeyOf(ctx, user.id);
    res.json({
      user: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, role: user.role },
      userInfo: { userId: user.id, paymentKey },
      expires: req.session?.cookie.expires?.toISOString() ?? null,
    });
  });

  // Form-encoded email and password (and csrf_token), like the session client posts them.
  router.post(['/callback/:provider', '/signin/:provider'], async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const callbackUrl = safeCallback(body.callbackUrl);
    if (req.params.provider !== 'credentials') {
      return void res.status(404).json({ url: '/user/login?error=OAuthSignin' });
    }
    const ctx = ctxOf(req);
    try {
      await accountService.signIn(ctx, body);
      res.json({ url: callbackUrl });
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED') {
        return void res.status(401).json({
          url: `/user/login?error=CredentialsSignin&callbackUrl=${encodeURIComponent(callbackUrl)}`,
          error: { code: err.code, message: err.message },
        });
      }
      throw err;
    }
  });

  return router;
}
