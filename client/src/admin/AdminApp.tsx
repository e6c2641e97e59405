import { BRAND } from '@domain/constants';
import { isStaffRole } from '@domain/roles';
import { ROUTES } from '@domain/routes';
import { Button, ConfigProvider, Layout, Menu, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../features/account/session';
import { useT } from '../i18n';
import { usePageMeta } from '../lib/usePageMeta';
import { InboxView } from './InboxView';
import { OutboxView } from './OutboxView';
import { ReturnsView } from './ReturnsView';

type Section = 'dashboard' | 'returns' | 'inbox' | 'outbox';

/**
 * The admin console: its own lazy chunk, the only place antd is loaded. Staff sign in with the shop's sign-in;
 * others are sent there, or told they have no access. Orders, returns, customers and the dashboard arrive
 * with the admin issue; the e-mail outbox is here so every e-mail flow can be followed without a mail server.
 */
export function AdminApp() {
  const t = useT();
  const title = t('admin.title');
  usePageMeta(title);
  const { user, status } = useSession();
  const location = useLocation();
  const [section, setSection] = useState<Section>('outbox');

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

  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1d4f91', borderRadius: 6 } }}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="dark">
          <div style={{ color: '#fff', padding: '20px 16px', fontWeight: 700 }}>{BRAND.name}</div>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[section]}
            onClick={(e) => setSection(e.key as Section)}
            items={[
              { key: 'dashboard', label: t('admin.dashboard') },
              { key: 'orders', label: t('admin.orders'), disabled: true },
              { key: 'returns', label: t('admin.returns') },
              { key: 'inbox', label: t('admin.inbox') },
              { key: 'customers', label: t('admin.customers'), disabled: true },
              { key: 'outbox', label: t('admin.outbox') },
            ]}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
            <Typography.Title level={3} style={{ margin: '14px 0' }}>
              {section === 'outbox'
                ? t('admin.outbox')
                : section === 'returns'
                  ? t('admin.returns')
                  : section === 'inbox'
                    ? t('admin.inbox')
                    : title}
            </Typography.Title>
          </Layout.Header>
          <Layout.Content style={{ margin: 24 }}>
            {section === 'outbox' ? (
              <OutboxView />
            ) : section === 'returns' ? (
              <ReturnsView />
            ) : section === 'inbox' ? (
              <InboxView />
            ) : (
              <Result
                status="info"
                title={title}
                subTitle={t('admin.placeholder')}
                extra={
                  <Link to={ROUTES.home}>
                    <Button type="primary">{t('admin.backToShop')}</Button>
                  </Link>
                }
              />
            )}
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
