import type { Db } from '../db/client';
import { loadTerminology } from './settings';

/** The product's name as account e-mails sign it: the customer's page title. */
export async function productName(db: Db): Promise<string> {
  return (await loadTerminology(db)).pageTitle;
}
