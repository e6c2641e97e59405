import { Router, type RequestHandler } from 'express';
import {
  addressSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetSchema,
  profileSchema,
  registrationAccountSchema,
  registrationPasswordSchema,
  addressIdSchema,
} from '../../../../domain/account.schema';
import { addressRules, siteCountry } from '../../../../domain/regions';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { requireUser } from '../auth/session-auth';
import { accountService } from './account.service';
import { privacyService } from './privacy.service';

/** User and account calls of spec section 7 (REST facade). */
export function userRoutes(): Router {
  const router = Router();

  // Registration step ACCOUNT: always 202, whether or not the e-mail already has an account.
  router.post('/user/registration', async (req, res) => {
    await accountService.startRegistration(
      ctxOf(req),
      validate(registrationAccountSchema, req.body),
      ctxOf(req).app.auth.publicUrl,
    );
    res.status(202).json({ status: 202, message: 'Check your e-mail for the link to choose your password.' });
  });

  router.get('/user/register-token', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!token) throw new AppError('NOT_FOUND', 'This registration link is not valid or has expired.');
    res.json(await accountService.registrationByToken(ctxOf(req), token));
  });

  router.post('/user/registration/:id/complete', async (req, res) => {
    const ctx = ctxOf(req);
    const input = validate(registrationPasswordSchema, req.body);
    const user = await accountService.completeRegistration(
      ctx,
      String(req.params.id),
      input.token,
      input.password,
    );
    res.status(201).json({ status: 201, user });
  });

  router.post('/user/login', async (req, res) => {
    res.json({ status: 200, user: await accountService.signIn(ctxOf(req), validate(loginSchema, req.body)) });
  });

  router.get('/user', async (req, res) => {
    const ctx = ctxOf(req);
    res.json({ status: 200, user: await accountService.userView(ctx, requireUser(ctx).id) });
  });

  router.post('/user', async (req, res) => {
    const ctx = ctxOf(req);
    const user = requireUser(ctx);
    res.json({
      status: 200,
      user: await accountService.updateProfile(ctx, user.id, validate(profileSchema, req.body)),
    });
  });

  const saveAddress =
    (needsId: boolean): RequestHandler =>
    async (req, res) => {
      const ctx = ctxOf(req);
      const user = requireUser(ctx);
      const input = validate(addressSchema, req.body);
      if (needsId && !input.id)
        throw new AppError('BAD_USER_INPUT', 'Address not found', [
          { field: 'id', message: 'Address not found' },
        ]);
      res.json({ status: 200, user: await accountService.saveAddress(ctx, user.id, input) });
    };
  // Save: update when the address has an id, otherwise create (spec section 4).
  router.post('/user/address', saveAddress(false));
  router.put('/user/address', saveAddress(true));

  router.delete('/user/address', async (req, res) => {
    const ctx = ctxOf(req);
    const user = requireUser(ctx);
    const { id } = validate(addressIdSchema, req.body);
    res.json({ status: 200, user: await accountService.deleteAddress(ctx, user.id, id) });
  });

  router.put('/user/make-primary-address', async (req, res) => {
    const ctx = ctxOf(req);
    const user = requireUser(ctx);
    const { id } = validate(addressIdSchema, req.body);
    res.json({ status: 200, user: await accountService.makePrimaryAddress(ctx, user.id, id) });
  });

  // A copy of everything the store keeps about the signed-in buyer, as a JSON file (decision 030).
  router.get('/user/export', async (req, res) => {
    const data = await privacyService.exportData(ctxOf(req));
    res
      .set('Cache-Control', 'no-store')
      .set(
        'Content-Disposition',
        `attachment; filename="axisline-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      )
      .type('application/json')
      .send(JSON.stringify(data, null, 2));
  });

  // Closes the signed-in buyer's account (their password again); orders stay, anonymised.
  router.delete('/user', async (req, res) => {
    await privacyService.deleteAccount(ctxOf(req), req.body);
    res.json({ status: 200, message: 'Your account was closed.' });
  });

  router.put('/user/security/change-password', async (req, res) => {
    const ctx = ctxOf(req);
    const user = requireUser(ctx);
    const input = validate(passwordChangeSchema, req.body);
    await accountService.changePassword(ctx, user.id, input.oldPassword, input.newPassword);
    res.json({ status: 200, message: 'Your password was changed.' });
  });

  router.put('/user/security/forgotPassword', async (req, res) => {
    const { email } = validate(forgotPasswordSchema, req.body);
    await accountService.forgotPassword(ctxOf(req), email, ctxOf(req).app.auth.publicUrl);
    res
      .status(202)
      .json({ status: 202, message: 'If this e-mail has an account, a reset link is on its way.' });
  });

  router.put('/user/security/reset-password', async (req, res) => {
    const input = validate(passwordResetSchema, req.body);
    await accountService.resetPassword(ctxOf(req), input.token, input.newPassword);
    res.json({ status: 200, message: 'Your password was changed. Sign in with the new one.' });
  });

  /**
   * Offline address check (spec section 7): required fields and formats (the address form's schema, by the
   * address's country, else the country of the site asked: decision 033), a known state or province, and a ZIP or
   * postal code that belongs to it. Always 200: {success, data} or {success: false, errors}.
   */
  router.get('/validation/address', (req, res) => {
    const raw = Object.fromEntries(
      Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    try {
      const address = validate(addressSchema, {
        ...raw,
        country: raw.country ?? siteCountry(ctxOf(req).site),
      });
      const rules = addressRules(address.country);
      const state = address.state.toUpperCase();
      const errors = [
        ...(rules.isRegion(state) ? [] : [{ field: 'state', message: rules.regionMismatch }]),
        ...(rules.postalMatchesRegion(address.zip, state)
          ? []
          : [{ field: 'zip', message: rules.postalMismatch }]),
      ];
      if (errors.length) return void res.json({ success: false, errors });
      res.json({ success: true, data: { ...address, state } });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      res.json({ success: false, errors: err.fields });
    }
  });

  router.get('/ip-address/get-ip-address', (req, res) => {
    res.json({ ip: req.ip ?? null });
  });

  return router;
}
