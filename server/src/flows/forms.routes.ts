import { Router } from 'express';
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSED } from '../../../domain/forms.schema';
import { ctxOf } from '../rest/ctx';
import { multipartFiles, uploadedFiles } from '../rest/multipart';
import { formsService } from '../modules/forms';
import { submitForm } from './submit-form';

/** Drawings arrive as multipart `drawings` files, once the address's form limit is charged. */
const drawings = multipartFiles({
  field: 'drawings',
  files: ATTACHMENT_LIMITS.files,
  bytes: ATTACHMENT_LIMITS.bytes,
  refused: ATTACHMENT_REFUSED,
  admit: (req) => formsService.admit(ctxOf(req)),
});

/** The store's forms (contact, quote, service request): sending one runs the submit-form flow. */
export function formFlowRoutes(): Router {
  const router = Router();

  router.post('/forms/contact', async (req, res) => {
    res.status(201).json(await submitForm(ctxOf(req), 'contact', req.body));
  });

  router.post('/forms/quote', ...drawings, async (req, res) => {
    res.status(201).json(await submitForm(ctxOf(req), 'quote', req.body, uploadedFiles(req)));
  });

  router.post('/forms/service-request', ...drawings, async (req, res) => {
    res.status(201).json(await submitForm(ctxOf(req), 'service', req.body, uploadedFiles(req)));
  });

  return router;
}
