// What other features may use of the library; everything else in this folder is its own.
export { libraryAdminRoutes, libraryInvestorRoutes } from './routes';
