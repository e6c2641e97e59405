import type { ModuleManifest } from '../../common/module-manifest';
import { CompaniesAdminResolver } from './companies-admin.resolver';
import { CompanyApplicationsResolver } from './company-applications.resolver';
import {
  CompanyAddress,
  CompanyApplication,
  CompanyApproval,
  CompanyInvitation,
  TermsPayment,
} from './company.entity';
import { CompanyResolver } from './company.resolver';
import { companyRoutes } from './company.routes';
import { OrderApprovalResolver } from './order-approval.resolver';

export const manifest: ModuleManifest = {
  name: 'company',
  entities: [CompanyInvitation, CompanyApproval, CompanyAddress, TermsPayment, CompanyApplication],
  resolvers: [CompanyResolver, CompaniesAdminResolver, CompanyApplicationsResolver, OrderApprovalResolver],
  routes: [{ prefix: '/', routes: companyRoutes }],
  seedTruncates: ['company_approval', 'terms_payment'],
};
