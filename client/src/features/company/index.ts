/** The company feature to the rest of the client: the buyer's company, their limits and month (checkout's notice). */
export { MyCompanyDocument } from './graphql/company.generated';
export { useCanOrder } from './useCanOrder';
