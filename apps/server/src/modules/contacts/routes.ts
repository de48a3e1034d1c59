import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, count } from 'drizzle-orm';
import { can } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { contacts } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { exportFormat, sendExport } from '../../platform/export';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize, requireUser } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { registerSubject } from '../../shared/record-subjects';
import { parseIncludes } from '../../shared/user-presenter';
import { sendInvitation } from '../auth/service';
import { readAttributeInput, saveAttributeValues } from '../attributes/service';
import { presentUser } from '../../shared/user-presenter';
import { convertContact } from './convert';
import { registerLeadStatusRoutes } from './lead-status-routes';
import { contactsExport, CONTACTS_EXPORT_RESOURCE, CONTACTS_RESOURCE, liveContacts } from './list';
import { CONTACT_INCLUDES, presentContactsWith, type ContactRow } from './presenter';
import { convertContactSchema, createContactSchema, updateContactSchema } from './schemas';
import { createContact, findLiveContact, purgeContact, softDeleteContact, updateContact } from './service';

/**
 * Contacts (leads, spec §2.2 Contacts): list, export, forms, soft and hard delete, conversion to
 * an investor. They answer to the `investors` permission event (decision 0017).
 */
export function registerContactRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  registerSubject('contact', async (tx, id) => Boolean(await findLiveContact(tx, id)));
  registerLeadStatusRoutes(app, ctx);

  app.get('/api/contacts', { onRequest: authorize('investors', 'index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, CONTACTS_RESOURCE);
    query.orderBy.push(asc(contacts.id));
    const where = liveContacts(query);
    return paginate<ContactRow, Record<string, unknown>>(
      db.select().from(contacts).where(where).$dynamic(),
      db.select({ total: count() }).from(contacts).where(where).$dynamic(),
      query,
      request,
      (rows) => presentContactsWith(db, rows, query.includes),
    );
  });

  app.get('/api/contacts/export', { onRequest: authorize('investors', 'index') }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query = parseListQuery(raw, CONTACTS_EXPORT_RESOURCE);
    return sendExport(request, reply, exportFormat(raw), contactsExport(db, query));
  });

  async function present(row: ContactRow, request: FastifyRequest) {
    const includes = parseIncludes((request.query as { include?: string }).include, CONTACT_INCLUDES);
    const [contact] = await presentContactsWith(db, [row], includes);
    return { data: contact };
  }

  app.get('/api/contacts/:id', { schema: { params: idParams }, onRequest: authorize('investors', 'show') }, async (request) => {
    const contact = await findLiveContact(db, idParams.parse(request.params).id);
    if (!contact) throw notFound('contact');
    return present(contact, request);
  });

  app.post('/api/contacts', { onRequest: authorize('investors', 'create') }, async (request, reply) => {
    const user = requireUser(request);
    const { attributes, ...fields } = await readFormFields(request);
    const input = parseFields(createContactSchema, fields);
    const attributeInput = readAttributeInput(attributes);
    const created = await db.transaction(async (tx) => {
      const row = await createContact(tx, input, user.id);
      await recordActivity(tx, { request, action: 'created', subjectType: 'contact', subjectId: row.id, after: row });
      await saveAttributeValues(tx, request, { subjectType: 'contact', subjectId: row.id, input: attributeInput, now: clock.now() });
      return row;
    });
    return reply.status(201).send(await present(created, request));
  });

  const update = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const { attributes, ...fields } = await readFormFields(request);
    const input = parseFields(updateContactSchema, fields);
    const attributeInput = readAttributeInput(attributes);
    const before = await findLiveContact(db, id);
    if (!before) throw notFound('contact');
    const updated = await db.transaction(async (tx) => {
      const row = await updateContact(tx, before, input, clock.now());
      await recordActivity(tx, { request, action: 'updated', subjectType: 'contact', subjectId: id, before, after: row });
      await saveAttributeValues(tx, request, { subjectType: 'contact', subjectId: id, input: attributeInput, now: clock.now() });
      return row;
    });
    return present(updated, request);
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/contacts/:id',
    schema: { params: idParams },
    onRequest: authorize('investors', 'update'),
    handler: update,
  });

  /** `?permanent=1` removes the lead for good and needs delete_unsafe; otherwise a soft delete. */
  app.delete('/api/contacts/:id', { schema: { params: idParams }, onRequest: authorize('investors', 'delete') }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const { permanent, ...rest } = request.query as Record<string, unknown>;
    const [unknown] = Object.keys(rest);
    if (unknown) throw new AppError('bad_request', `Unknown parameter '${unknown}'. Only 'permanent' is accepted.`);
    if (permanent !== undefined && permanent !== '1' && permanent !== '0')
      throw new AppError('bad_request', "The parameter 'permanent' must be 1 or 0.");
    const hard = permanent === '1';
    if (hard && !can(requireUser(request).roleId, 'investors', 'delete_unsafe')) throw forbidden();
    const files = await db.transaction(async (tx) => {
      if (hard) {
        const purged = await purgeContact(tx, id);
        await recordActivity(tx, { request, action: 'purged', subjectType: 'contact', subjectId: id, before: purged.before });
        return purged.files;
      }
      const { before, after } = await softDeleteContact(tx, id, clock.now());
      await recordActivity(tx, { request, action: 'deleted', subjectType: 'contact', subjectId: id, before, after });
      return [];
    });
    await ctx.storage.remove(files);
    return reply.status(204).send();
  });

  /** Spec §7.5: the lead becomes an investor, keeping its history. */
  app.post(
    '/api/convert-contact/:id',
    { schema: { params: idParams }, onRequest: authorize('investors', 'create') },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const input = parseFields(convertContactSchema, await readFormFields(request));
      const result = await db.transaction((tx) => convertContact(tx, request, id, clock.now()));
      if (input.send_invitation) {
        await sendInvitation(ctx, result.user);
        await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: result.user.id });
      }
      const [contact] = await presentContactsWith(db, [result.contact], new Set(['converted_user']));
      return reply
        .status(201)
        .send({
          data: { contact, investor: presentUser(result.user), carried_over: result.summary, invitation_sent: input.send_invitation },
        });
    },
  );
}
