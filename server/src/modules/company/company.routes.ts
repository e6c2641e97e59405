import { Router } from 'express';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_REFUSED } from '../../../../domain/company';
import { ctxOf } from '../../rest/ctx';
import { multipartFiles, sendDownload, uploadedFiles } from '../../rest/multipart';
import { assertAccess } from '../auth';
import { companyApplicationService } from './company-applications';

/**
 * The two calls of company buying that carry a file (decision 047): a customer's application with its tax
 * certificate (multipart: the fields, then one `certificate` file), and staff's download of that file. The rest of
 * company buying is GraphQL.
 */
export function companyRoutes(): Router {
  const router = Router();

  router.post(
    '/company/applications',
    ...multipartFiles({
      field: 'certificate',
      files: 1,
      bytes: CERTIFICATE_MAX_BYTES,
      refused: CERTIFICATE_REFUSED,
      admit: async (req) => assertAccess(ctxOf(req), 'signed-in'),
    }),
    async (req, res) => {
      res.status(201).json(await companyApplicationService.apply(ctxOf(req), req.body, uploadedFiles(req)));
    },
  );

  router.get('/admin/company-applications/:id/certificate', async (req, res) => {
    sendDownload(res, await companyApplicationService.certificate(ctxOf(req), String(req.params.id)));
  });

  return router;
}
