import { dropTemplate, prepareTestDatabases } from './databases';

export default async function setup() {
  await prepareTestDatabases();
  return dropTemplate;
}
