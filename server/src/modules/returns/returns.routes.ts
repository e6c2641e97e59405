import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { returnsService } from './returns.service';

/**
 * Returns: customers request and follow theirs; staff decide them (following one to its refund is the flow
 * complete-return.ts, its route in server/src/flows/returns.routes.ts).
 */
export function returnsRoutes(): Router {
  const router = Router();

  router.post('/returns', async (req, res) => {
    res.status(201).json(await returnsService.request(ctxOf(req), req.body));
  });

  router.get('/returns', async (req, res) => {
    res.json(await returnsService.mine(ctxOf(req)));
  });

  router.get('/returns/:id', async (req, res) => {
    res.json(await returnsService.get(ctxOf(req), String(req.params.id)));
  });

  router.get('/admin/returns', async (req, res) => {
    const status = typeof req.query.status === 'string' && req.query.status ? Number(req.query.status) : null;
    res.json(await returnsService.queue(ctxOf(req), Number.isInteger(status) ? status : null));
  });

  router.post('/admin/returns/:id/decision', async (req, res) => {
    res.json(await returnsService.decide(ctxOf(req), String(req.params.id), req.body));
  });

  return router;
}
