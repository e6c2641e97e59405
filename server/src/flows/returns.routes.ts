import { Router } from 'express';
import { ctxOf } from '../rest/ctx';
import { advanceReturn } from './complete-return';

/** The returns' REST call that runs a flow (the returns module's routes serve the rest of /returns). */
export function returnFlowRoutes(): Router {
  const router = Router();

  /** Staff move an accepted return on: `{ status }` 8 shipped, 9 processing, 10 completed (refunded). */
  router.post('/admin/returns/:id/status', async (req, res) => {
    res.json(await advanceReturn(ctxOf(req), String(req.params.id), req.body));
  });

  return router;
}
