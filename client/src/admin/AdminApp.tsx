import { mayUse } from '@domain/admin';
import { BRAND } from '@domain/constants';
import { isStaffRole } from '@domain/roles';
import { ROUTES } from '@domain/routes';
import type { Locale } from '@domain/constants';
import { App as AntApp, Button, ConfigProvider, Grid, Layout, Menu, Result, Spin, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import frCA from 'antd/locale/fr_CA';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr-ca';
import { Suspense, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../features/account';
import { useT } from '../i18n';
import { usePageMeta } from '../lib/usePageMeta';
import { SECTIONS } from './sections';
// The console's form binding (and under it the shop's form kit) and the company rules load with the console rather
// than with each section: the shop's own chunks of them stay one file each, as the shop's pages load them.
import '@domain/company';
import './shared/forms';

/** antd's own texts (pagination, date pickers, empty tables) and dayjs in the console's language. */
const ANTD_LOCALES = { 'en-US': enUS, 'fr-CA': frCA, 'es-MX': esES } as const;
const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'fr-CA': 'fr-ca', 'es-MX': 'es' };

/** Brand colour; secondary and placeholder text darkened from antd's defaults to pass WCAG AA contrast. */
const THEME = {
  token: {
    colorPrimary: '#1d4f91',
    borderRadius: 6,
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6e6e6e',
    colorTextQuaternary: '#6e6e6e',
    colorError: '#c62828',
    colorSuccess: '#2e7d32',
    colorWarning: '#8a5a00',
  },
};

/**
 * The admin console: its own lazy chunk, the only place antd is loaded. Staff sign in with the shop's sign-in;
 * others are sent there, or told they have no access. The menu shows only the sections the role may use.
 */
export function AdminApp() {
  const t = useT();
  const intl = useIntl();
  dayjs.locale(DAYJS_LOCALES[intl.locale as Locale] ?? 'en');
  usePageMeta(t('admin.title'));
  const { user, status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  // Below lg the menu is a panel a button opens (aria-expanded); closed, it is hidden and out of the Tab order.
  const phone = screens.lg === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  if (status === 'loading') return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  if (!user) {
    const callbackUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${ROUTES.signIn}?error=SessionRequired&callbackUrl=${callbackUrl}`} replace />;
  }
  if (!isStaffRole(user.role))
    return (
      <Result
        status="403"
        title={t('admin.forbiddenTitle')}
        subTitle={t('admin.forbidden')}
        extra={
          <Link to={ROUTES.home}>
            <Button type="primary">{t('admin.backToShop')}</Button>
          </Link>
        }
      />
    );

  const allowed = SECTIONS.filter((s) => mayUse(user.role, s.key));
  const current =
    allowed.find((s) => location.pathname.startsWith(`${ROUTES.admin}/${s.path}`)) ?? allowed[0]!;

  return (
    <ConfigProvider theme={THEME} locale={ANTD_LOCALES[intl.locale as Locale] ?? enUS}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider
            collapsed={phone && !menuOpen}
            collapsedWidth={0}
            trigger={null}
            theme="dark"
            aria-label={t('admin.title')}
          >
            <div
              id="admin-menu"
              hidden={phone && !menuOpen}
              onKeyDown={(e) => {
                if (phone && e.key === 'Escape') closeMenu();
              }}
            >
              <div style={{ color: '#fff', padding: '20px 16px', fontWeight: 700 }}>
                <Link to={ROUTES.home} style={{ color: '#fff' }}>
                  {BRAND.name}
                </Link>
              </div>
              <Menu
                theme="dark"
                mode="inline"
                selectedKeys={[current.key]}
                onClick={(e) => {
                  navigate(`${ROUTES.admin}/${SECTIONS.find((s) => s.key === e.key)!.path}`);
                  if (phone) setMenuOpen(false);
                }}
                items={allowed.map((s) => ({ key: s.key, label: t(s.title) }))}
              />
            </div>
          </Layout.Sider>
          <Layout>
            <Layout.Header
              style={{ background: '#fff', paddingInline: 24, display: 'flex', alignItems: 'center' }}
            >
              {phone && (
                <Button
                  ref={menuButton}
                  aria-controls="admin-menu"
                  aria-expanded={menuOpen}
                  onClick={() => setMenuOpen((open) => !open)}
                  style={{ marginRight: 12 }}
                >
                  {t('admin.menu')}
                </Button>
              )}
              <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
                {t(current.title)}
              </Typography.Title>
              {screens.md && (
                <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                  {user.emailAddress}
                </Typography.Text>
              )}
            </Layout.Header>
            <Layout.Content style={{ margin: screens.md ? 24 : 12 }} id="main">
              <Suspense fallback={<Spin style={{ display: 'block', margin: '10vh auto' }} />}>
                <Routes>
                  {allowed.flatMap(({ key, path, page: Page, more = {} }) => [
                    <Route key={key} path={path} element={<Page />} />,
                    ...Object.entries(more).map(([under, More]) => (
                      <Route key={`${key}/${under}`} path={`${path}/${under}`} element={<More />} />
                    )),
                  ])}
                  <Route path="*" element={<Navigate to={`${ROUTES.admin}/${allowed[0]!.path}`} replace />} />
                </Routes>
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
