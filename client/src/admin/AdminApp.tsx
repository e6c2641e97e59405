import { BRAND } from '@domain/constants';
import { ROUTES } from '@domain/routes';
import { Button, ConfigProvider, Layout, Menu, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { usePageMeta } from '../lib/usePageMeta';

/**
 * The admin console: its own lazy chunk, the only place antd is loaded. Orders, returns, customers and the
 * dashboard arrive with the admin issue; this shell already has the console's frame and navigation.
 */
export function AdminApp() {
  const t = useT();
  const title = t('admin.title');
  usePageMeta(title);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1d4f91', borderRadius: 6 } }}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="dark">
          <div style={{ color: '#fff', padding: '20px 16px', fontWeight: 700 }}>{BRAND.name}</div>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={['dashboard']}
            items={[
              { key: 'dashboard', label: t('admin.dashboard') },
              { key: 'orders', label: t('admin.orders'), disabled: true },
              { key: 'returns', label: t('admin.returns'), disabled: true },
              { key: 'customers', label: t('admin.customers'), disabled: true },
            ]}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
            <Typography.Title level={3} style={{ margin: '14px 0' }}>
              {title}
            </Typography.Title>
          </Layout.Header>
          <Layout.Content style={{ margin: 24 }}>
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
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
