import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { accountService } from './account.service';
import { privacyService } from './privacy.service';
import { savedCardsService } from './saved-cards.service';

/** User and account calls of spec section 7 (REST facade): the account service's entry points, with the raw body. */
export function userRoutes(): Router {
  const router = Router();

  // Registration step ACCOUNT: always 202, whether or not the e-mail already has an account.
  router.post('/user/registration', async (req, res) => {
    await accountService.startRegistration(ctxOf(req), req.body);
    res.status(202).json({ status: 202, message: 'Check your e-mail for the link to choose your password.' });
  });

  router.get('/user/register-token', async (req, res) => {
    res.json(await accountService.registrationByToken(ctxOf(req), req.query.token));
  });

  router.post('/user/registration/:id/complete', async (req, res) => {
    const user = await accountService.completeRegistration(ctxOf(req), String(req.params.id), req.body);
    res.status(201).json({ status: 201, user });
  });

  router.post('/user/login', async (req, res) => {
    res.json({ status: 200, user: await accountService.signIn(ctxOf(req), req.body) });
  });

  router.get('/user', async (req, res) => {
    res.json({ status: 200, user: await accountService.me(ctxOf(req)) });
  });

  router.post('/user', async (req, res) => {
    res.json({ status: 200, user: await accountService.updateProfile(ctxOf(req), req.body) });
  });

  // Save: update when the address has an id, otherwise create (spec section 4); PUT needs the id.
  router.post('/user/address', async (req, res) => {
    res.json({ status: 200, user: await accountService.saveAddress(ctxOf(req), req.body) });
  });

  router.put('/user/address', async (req, res) => {
    res.json({ status: 200, user: await accountService.updateAddress(ctxOf(req), req.body) });
  });

  router.delete('/user/address', async (req, res) => {
    res.json({ status: 200, user: await accountService.deleteAddress(ctxOf(req), req.body) });
  });

  router.put('/user/make-primary-address', async (req, res) => {
    res.json({ status: 200, user: await accountService.makePrimaryAddress(ctxOf(req), req.body) });
  });

  // Saved cards (spec section 4: payment-method create and delete, make-primary) and the payment-key initialisation.
  router.post('/user/payment-key', async (req, res) => {
    res.json({ status: 200, paymentKey: await savedCardsService.initializePaymentKey(ctxOf(req)) });
  });

  router.get('/user/payment-method', async (req, res) => {
    res.json({ status: 200, paymentOptions: await savedCardsService.list(ctxOf(req)) });
  });

  router.post('/user/payment-method', async (req, res) => {
    res.status(201).json({ status: 201, paymentOption: await savedCardsService.save(ctxOf(req), req.body) });
  });

  router.delete('/user/payment-method', async (req, res) => {
    await savedCardsService.remove(ctxOf(req), req.body);
    res.json({ status: 200, message: 'The card was removed.' });
  });

  router.put('/user/make-primary-payment', async (req, res) => {
    res.json({ status: 200, user: await savedCardsService.makePrimary(ctxOf(req), req.body) });
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
    await accountService.changePassword(ctxOf(req), req.body);
    res.json({ status: 200, message: 'Your password was changed.' });
  });

  router.put('/user/security/forgotPassword', async (req, res) => {
    await accountService.forgotPassword(ctxOf(req), req.body);
    res
      .status(202)
      .json({ status: 202, message: 'If this e-mail has an account, a reset link is on its way.' });
  });

  router.put('/user/security/reset-password', async (req, res) => {
    await accountService.resetPassword(ctxOf(req), req.body);
    res.json({ status: 200, message: 'Your password was changed. Sign in with the new one.' });
  });

  /** Offline address check (spec section 7): always 200, {success, data} or {success: false, errors}. */
  router.get('/validation/address', (req, res) => {
    const query = Object.fromEntries(
      Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    res.json(accountService.checkAddress(ctxOf(req), query));
  });

  router.get('/ip-address/get-ip-address', (req, res) => {
    res.json({ ip: req.ip ?? null });
  });

  return router;
}
