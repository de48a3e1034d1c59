// What other features may use of the investor settings; everything else in this folder is its own.
export { InvestorSettingsLayout } from './components/investor-settings-layout';
