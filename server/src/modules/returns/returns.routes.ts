import { Router } from 'express';
import { number, object, string } from 'yup';
import { RETURN_DECISIONS } from '../../../../domain/order-status';
import { returnRequestSchema } from '../../../../domain/returns';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { assertAccess, STAFF } from '../auth/permissions';
import { returnsService } from './returns.service';

export const decisionSchema = object({
  decision: string<(typeof RETURN_DECISIONS)[number]>()
    .oneOf([...RETURN_DECISIONS], 'Choose a decision')
    .required('Choose a decision'),
  note: string().trim().max(2000).default(''),
});
export const advanceSchema = object({
  status: number()
    .oneOf([8, 9, 10], 'A return goes to Return Shipped, Return Processing or Return Completed')
    .required(),
});

/** Returns: customers request and follow theirs; staff decide and follow them to the refund. */
export function returnsRoutes(): Router {
  const router = Router();

  router.post('/returns', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, 'signed-in');
    res.status(201).json(await returnsService.request(ctx, validate(returnRequestSchema, req.body)));
  });

  router.get('/returns', async (req, res) => {
    res.json(await returnsService.mine(ctxOf(req)));
  });

  router.get('/returns/:id', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, 'signed-in');
    res.json(await returnsService.get(ctx, String(req.params.id)));
  });

  router.get('/admin/returns', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, STAFF);
    const status = typeof req.query.status === 'string' && req.query.status ? Number(req.query.status) : null;
    res.json(await returnsService.queue(ctx, Number.isInteger(status) ? status : null));
  });

  router.post('/admin/returns/:id/decision', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, STAFF);
    const { decision, note } = validate(decisionSchema, req.body);
    res.json(await returnsService.decide(ctx, String(req.params.id), decision, note));
  });

  router.post('/admin/returns/:id/status', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, STAFF);
    const { status } = validate(advanceSchema, req.body);
    res.json(await returnsService.advance(ctx, String(req.params.id), status));
  });

  return router;
}
