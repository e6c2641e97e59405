import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { resetAllPasswords } from './users.service';

/** Admin calls of spec section 7 (REST facade); the console itself uses GraphQL. */
export function adminRoutes(): Router {
  const router = Router();

  // Every password and session ends; the caller signs in again like everyone else.
  router.put('/admin/user/reset-all-passwords', async (req, res) => {
    const users = await resetAllPasswords(ctxOf(req), req.session?.authAt);
    res.json({ status: 200, users });
  });

  return router;
}
