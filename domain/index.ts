/** The business rules shared by the server and the client. */
export * from './constants';
export * from './configuration';
export * from './cart';
export * from './catalog';
export * from './checkout';
export * from './cookies';
export * from './money';
export * from './order-status';
export * from './roles';
export * from './saved-lists';
export * from './routes';
export * from './search';
export * from './search.schema';
export * from './states';
export * from './tax';
export * from './admin';
