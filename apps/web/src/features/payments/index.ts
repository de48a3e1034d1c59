// What other features may use of payments; everything else in this folder is its own.
export { InvestorMembershipSection } from './components/investor-membership-section';
export { SubscriptionPage } from './components/subscription-page';
