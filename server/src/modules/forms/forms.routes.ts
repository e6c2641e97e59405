import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_REFUSED,
  contactSchema,
  quoteSchema,
  serviceRequestSchema,
} from '../../../../domain/forms.schema';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { assertAccess, STAFF } from '../auth/permissions';
import { formsService } from './forms.service';

/** Drawings arrive as multipart `drawings` files, kept in memory within the limits, then checked by content. */
const drawings: RequestHandler = (req, res, next) =>
  multer({
    storage: multer.memoryStorage(),
    limits: {
      files: ATTACHMENT_LIMITS.files,
      fileSize: ATTACHMENT_LIMITS.bytes,
      fields: 30,
      fieldSize: 20_000,
    },
  }).array('drawings', ATTACHMENT_LIMITS.files)(req, res, (err?: unknown) => {
    if (err instanceof multer.MulterError) {
      return next(
        new AppError('BAD_USER_INPUT', ATTACHMENT_REFUSED, [
          { field: 'drawings', message: ATTACHMENT_REFUSED },
        ]),
      );
    }
    next(err);
  });

/** The store's forms (contact, quote, service request) and staff's download of drawings. */
export function formsRoutes(): Router {
  const router = Router();

  router.post('/forms/contact', async (req, res) => {
    res
      .status(201)
      .json(await formsService.submit(ctxOf(req), 'contact', validate(contactSchema(), req.body)));
  });

  router.post('/forms/quote', async (req, res) => {
    res.status(201).json(await formsService.submit(ctxOf(req), 'quote', validate(quoteSchema, req.body)));
  });

  router.post('/forms/service-request', drawings, async (req, res) => {
    const input = validate(serviceRequestSchema, req.body);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    res.status(201).json(await formsService.submit(ctxOf(req), 'service', input, files));
  });

  router.get('/admin/forms/attachments/:id', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, STAFF);
    const file = await formsService.attachment(ctx, String(req.params.id));
    res
      .type(file.contentType)
      .set('Content-Disposition', `attachment; filename="${file.filename}"`)
      .set('X-Content-Type-Options', 'nosniff')
      .send(file.data);
  });

  return router;
}
