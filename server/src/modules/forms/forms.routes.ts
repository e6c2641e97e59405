import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { sendDownload } from '../../rest/multipart';
import { formsService } from './forms.service';

/**
 * Staff's download of drawings. Sending a form (contact, quote, service request) runs the submit-form flow, so its
 * routes are the flows' (flows/forms.routes.ts).
 */
export function formsRoutes(): Router {
  const router = Router();

  router.get('/admin/forms/attachments/:id', async (req, res) => {
    sendDownload(res, await formsService.attachment(ctxOf(req), String(req.params.id)));
  });

  return router;
}
