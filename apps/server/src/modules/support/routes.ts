import { dataOf, MAX_SUPPORT_ATTACHMENT_BYTES, supportContactBody, supportContactSchema } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { readForm } from '../../platform/form';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { byUser } from '../../platform/rate-limit';
import { productName } from '../../shared/account-mail';
import { contactSupport } from './service';

const HOUR = 60 * 60_000;

/**
 * Spec §7.5 /api/support/contact: the investor's "Contact us" message (decision 0063). It is
 * e-mailed to the support address, raised as a task on their record for staff, and acknowledged
 * to them by e-mail. Each investor may send a few an hour: it sends mail on their behalf.
 */
export function registerSupportRoutes(app: App, ctx: AppContext) {
  app.post(
    '/api/support/contact',
    {
      schema: { body: supportContactBody, response: { 201: dataOf(supportContactSchema) } },
      onRequest: investorOnly,
      config: { rateLimit: { max: 5, timeWindow: HOUR, keyGenerator: byUser } },
    },
    async (request, reply) => {
      const user = requireInvestor(request);
      const { files } = await readForm(request);
      if (Object.keys(files).some((name) => name !== 'file')) throw validationError({ file: ['Attach one file, in the field "file".'] });
      const file = files.file ?? null;
      if (file && file.data.length > MAX_SUPPORT_ATTACHMENT_BYTES)
        throw validationError({ file: [`The attachment may not be larger than ${MAX_SUPPORT_ATTACHMENT_BYTES / 1024 / 1024} MB.`] });
      const data = await contactSupport(ctx, request, user, { ...request.body, file }, await productName(ctx.db));
      return reply.status(201).send({ data });
    },
  );
}
