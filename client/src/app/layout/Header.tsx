import { DEFAULT_SITE_ID } from '@domain/constants';
import { ROUTES } from '@domain/routes';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useSession, useSignOut } from '../../features/account/session';
import { useCartCount } from '../../features/cart/useCart';
import { useParentCategories } from '../../features/catalog/hooks';
import { useT } from '../../i18n';
import { useSite } from '../../lib/site';
import { menuSections, TOP_LINKS, type MenuLink } from './menu';
import { SearchBox } from './SearchBox';

function LinkLabel({ link }: { link: MenuLink }) {
  const t = useT();
  return <>{'text' in link.label ? link.label.text : t(link.label.id)}</>;
}

function CartIcon({ onClick }: { onClick?: () => void }) {
  const t = useT();
  const count = useCartCount();
  return (
    <Link
      to={ROUTES.cart}
      className="header__cart"
      aria-label={t('header.cartCount', { count })}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          d="M3 4h2.2l2.3 10.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.4-1.1L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17.5" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      <span className="header__cart-count" data-testid="cart-count">
        {count}
      </span>
    </Link>
  );
}

/** Logo, search, account block (Sign In / Sign Up), cart with its count, main menu and mobile menu. */
/**
 * A main-menu section: its links open on hover and on focus (CSS, so they work before hydration too); Escape closes
 * them and returns the focus to the trigger, which says whether they are shown (aria-expanded) and toggles them.
 */
function MenuSection({ label, links }: { label: string; links: readonly MenuLink[] }) {
  const [shown, setShown] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const open = shown && !dismissed;
  return (
    <li
      className={`mainnav__item mainnav__item--has-menu${dismissed ? ' is-dismissed' : ''}`}
      onMouseEnter={() => (setShown(true), setDismissed(false))}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        setShown(false);
        setDismissed(false);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setDismissed(true);
        trigger.current?.focus();
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="mainnav__trigger"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => (shown ? setDismissed((d) => !d) : (setShown(true), setDismissed(false)))}
      >
        {label}
        <span aria-hidden="true" className="chevron" />
      </button>
      <ul className="submenu">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>
              <LinkLabel link={link} />
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Header() {
  const t = useT();
  const site = useSite();
  const { categories } = useParentCategories();
  const sections = menuSections(categories);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const close = () => setMobileOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu and gives the focus back to its button.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMobileOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="header__bar container">
        <button
          ref={toggle}
          type="button"
          className="header__menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <span aria-hidden="true" className={`burger${mobileOpen ? ' burger--open' : ''}`} />
        </button>
        <Link to={ROUTES.home} className="header__logo" aria-label={t('header.home', { name: site.name })}>
          <img src={site.logo} width="34" height="34" alt="" />
          <span className="header__brand">
            {site.id === DEFAULT_SITE_ID ? (
              <>
                Axisline <span>Supply</span>
              </>
            ) : (
              site.name
            )}
          </span>
        </Link>
        <div className="header__search">
          <SearchBox />
        </div>
        <AccountBlock />
        <CartIcon onClick={close} />
      </div>

      <nav className="mainnav" aria-label={t('nav.main')}>
        <ul className="mainnav__list container">
          {sections.map((section) => (
            <MenuSection key={section.id} label={t(section.label)} links={section.links} />
          ))}
          {TOP_LINKS.map((link) => (
            <li key={link.to} className="mainnav__item">
              <NavLink to={link.to} className="mainnav__link">
                <LinkLabel link={link} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      {mobileOpen && (
        <div id="mobile-menu" className="mobile-menu">
          <ul className="mobile-menu__list">
            <li className="mobile-menu__account">
              <span>{t('nav.account')}</span>
              <AccountLinks onNavigate={close} />
            </li>
            {sections.map((section) => {
              const open = expanded === section.id;
              return (
                <li key={section.id}>
                  <button
                    type="button"
                    className="mobile-menu__section"
                    aria-expanded={open}
                    onClick={() => setExpanded(open ? null : section.id)}
                  >
                    {t(section.label)}
                    <span aria-hidden="true" className={`chevron${open ? ' chevron--up' : ''}`} />
                  </button>
                  {open && (
                    <ul className="mobile-menu__links">
                      {section.links.map((link) => (
                        <li key={link.to}>
                          <Link to={link.to} onClick={close}>
                            <LinkLabel link={link} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
            {TOP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="mobile-menu__section" onClick={close}>
                  <LinkLabel link={link} />
                </Link>
              </li>
            ))}
            <li>
              <Link to={ROUTES.cart} className="mobile-menu__section" onClick={close}>
                {t('header.cart')}
              </Link>
            </li>
          </ul>
        </div>
      )}
    </header>
  );
}

/**
 * Signed in: "Hi, {name}!" (a placeholder while the session loads), View Account and Sign Out (spec section 2);
 * else Sign In | Sign Up.
 */
function AccountBlock() {
  return (
    <div className="header__account">
      <AccountLinks />
    </div>
  );
}

function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const { user, status } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (status === 'loading') return <span className="header__greeting">{t('header.greetingLoading')}</span>;
  if (user)
    return (
      <>
        <span className="header__greeting">{t('header.greeting', { name: user.firstName })}</span>
        <Link to={ROUTES.account} onClick={onNavigate}>
          {t('header.viewAccount')}
        </Link>
        <span aria-hidden="true">|</span>
        <button
          type="button"
          className="header__signout"
          onClick={() => {
            onNavigate?.();
            void signOut().then(() => navigate(ROUTES.home));
          }}
        >
          {t('header.signOut')}
        </button>
      </>
    );
  return (
    <>
      <Link to={ROUTES.signIn} onClick={onNavigate}>
        {t('header.signIn')}
      </Link>
      <span aria-hidden="true">|</span>
      <Link to={ROUTES.signUp} onClick={onNavigate}>
        {t('header.signUp')}
      </Link>
    </>
  );
}
