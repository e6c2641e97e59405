import { BRAND } from '@domain/constants';
import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { LocaleSwitcher } from './LocaleSwitcher';
import { useSession } from '../../features/account/session';
import { useSite } from '../../lib/site';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The footer of spec section 2: Address (two phones), My Account (Sign In and Create an Account, or once signed in
 * View Account and Returns), Get Help, Resources, copyright. The address and the copyright holder are the site's
 * (Console → Sites, decision 058): pay-ca names its Canadian company.
 */
export function Footer({ hideSubFooter = false }: { hideSubFooter?: boolean }) {
  const t = useT();
  const { user } = useSession();
  const site = useSite();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      {!hideSubFooter && (
        <div className="footer__columns container">
          <section aria-labelledby="footer-address">
            <h2 id="footer-address">{t('footer.address')}</h2>
            <address>
              {site.legalName}
              <br />
              {site.postalAddress}
            </address>
            <ul>
              <li>
                {t('footer.tollFree')}: <a href={tel(BRAND.phones.tollFree)}>{BRAND.phones.tollFree}</a>
              </li>
              <li>
                {t('footer.local')}: <a href={tel(BRAND.phones.local)}>{BRAND.phones.local}</a>
              </li>
            </ul>
          </section>
          <nav aria-labelledby="footer-account">
            <h2 id="footer-account">{t('footer.myAccount')}</h2>
            <ul>
              {user ? (
                <>
                  <li>
                    <Link to={ROUTES.account}>{t('header.viewAccount')}</Link>
                  </li>
                  <li>
                    <Link to={ROUTES.returns}>{t('footer.myReturns')}</Link>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link to={ROUTES.signIn}>{t('footer.signIn')}</Link>
                  </li>
                  <li>
                    <Link to={ROUTES.signUp}>{t('footer.register')}</Link>
                  </li>
                </>
              )}
              <li>
                <Link to={ROUTES.orders}>{t('footer.orders')}</Link>
              </li>
              <li>
                <Link to={ROUTES.cart}>{t('footer.cart')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-help">
            <h2 id="footer-help">{t('footer.getHelp')}</h2>
            <ul>
              <li>
                <a href={`mailto:${BRAND.email.help}`}>{t('footer.email', { email: BRAND.email.help })}</a>
              </li>
              <li>
                <a href={tel(BRAND.phones.tollFree)}>{t('footer.call', { phone: BRAND.phones.tollFree })}</a>
              </li>
              <li>
                <Link to={ROUTES.contact}>{t('footer.helpForm')}</Link>
              </li>
              <li>
                <Link to={ROUTES.cadDownloads}>{t('footer.cad')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-resources">
            <h2 id="footer-resources">{t('footer.resources')}</h2>
            <ul>
              <li>
                <Link to={ROUTES.shippingPolicy}>{t('footer.shipping')}</Link>
              </li>
              <li>
                <Link to={ROUTES.returnPolicy}>{t('footer.returns')}</Link>
              </li>
              <li>
                <Link to={ROUTES.terms}>{t('footer.terms')}</Link>
              </li>
              <li>
                <Link to={ROUTES.cookiePreferences}>{t('footer.cookiePreferences')}</Link>
              </li>
              <li>
                <a href={BRAND.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
                  {t('footer.privacy')} <span className="visually-hidden">{t('footer.newTab')}</span>
                </a>
              </li>
            </ul>
          </nav>
        </div>
      )}
      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p>{t('footer.copyright', { year, holder: site.copyrightHolder.replace(/\.$/, '') })}</p>
          <LocaleSwitcher />
        </div>
      </div>
    </footer>
  );
}
