import { asc, count } from 'drizzle-orm';
import {
  can,
  type Contact,
  CONTACTS_LIST,
  contactConversionSchema,
  contactIncludeQuery,
  contactSchema,
  convertContactBody,
  createContactBody,
  dataOf,
  deleteContactQuery,
  fileBody,
  idParams,
  listQuery,
  noContent,
  pageOf,
  updateContactBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { contacts } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { exportFormat, sendExport } from '../../platform/export';
import { forbidden, notFound } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { paginate, parseListQuery } from '../../platform/list-query';
import { registerSubject } from '../../shared/record-subjects';
import { parseIncludes } from '../../shared/user-presenter';
import { sendInvitation } from '../auth';
import { readAttributeInput, saveAttributeValues } from '../attributes';
import { presentUser } from '../../shared/user-presenter';
import { convertContact } from './convert';
import { registerLeadStatusRoutes } from './lead-status-routes';
import { registerContactBulkRoutes } from './bulk';
import { contactsExport, CONTACTS_EXPORT_RESOURCE, CONTACTS_RESOURCE, liveContacts } from './list';
import { CONTACT_INCLUDES, presentContactsWith, type ContactRow } from './presenter';
import { createContact, findLiveContact, purgeContact, softDeleteContact, updateContact } from './service';

/**
 * Contacts (leads, spec §2.2 Contacts): list, export, forms, soft and hard delete, conversion to
 * an investor. They answer to the `investors` permission event (decision 0017).
 */
const oneContact = { 200: dataOf(contactSchema) };

export function registerContactRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  registerSubject('contact', async (tx, id) => Boolean(await findLiveContact(tx, id)));
  registerLeadStatusRoutes(app, ctx);
  registerContactBulkRoutes(app, ctx);

  app.get(
    '/api/contacts',
    {
      schema: { querystring: listQuery(CONTACTS_LIST), response: { 200: pageOf(contactSchema) } },
      onRequest: authorize('investors', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, CONTACTS_RESOURCE);
      query.orderBy.push(asc(contacts.id));
      const where = liveContacts(query);
      return paginate<ContactRow, Contact>(
        db.select().from(contacts).where(where).$dynamic(),
        db.select({ total: count() }).from(contacts).where(where).$dynamic(),
        query,
        request,
        (rows) => presentContactsWith(db, rows, query.includes),
      );
    },
  );

  app.get(
    '/api/contacts/export',
    {
      schema: { querystring: listQuery({ ...CONTACTS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('investors', 'index'),
    },
    async (request, reply) => {
      const raw = request.query;
      const query = parseListQuery(raw, CONTACTS_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), contactsExport(db, query));
    },
  );

  async function present(row: ContactRow, request: { query: { include?: string } }) {
    const includes = parseIncludes(request.query.include, CONTACT_INCLUDES);
    const [contact] = await presentContactsWith(db, [row], includes);
    return { data: contact };
  }

  app.get(
    '/api/contacts/:id',
    { schema: { params: idParams, querystring: contactIncludeQuery, response: oneContact }, onRequest: authorize('investors', 'show') },
    async (request) => {
      const contact = await findLiveContact(db, request.params.id);
      if (!contact) throw notFound('contact');
      return present(contact, request);
    },
  );

  app.post(
    '/api/contacts',
    {
      schema: { querystring: contactIncludeQuery, body: createContactBody, response: { 201: dataOf(contactSchema) } },
      onRequest: authorize('investors', 'create'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { attributes, ...input } = request.body;
      const attributeInput = readAttributeInput(attributes);
      const created = await db.transaction(async (tx) => {
        const row = await createContact(tx, input, user.id);
        await recordActivity(tx, { request, action: 'created', subjectType: 'contact', subjectId: row.id, after: row });
        await saveAttributeValues(tx, request, { subjectType: 'contact', subjectId: row.id, input: attributeInput, now: clock.now() });
        return row;
      });
      return reply.status(201).send(await present(created, request));
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/contacts/:id',
    schema: { params: idParams, querystring: contactIncludeQuery, body: updateContactBody, response: oneContact },
    onRequest: authorize('investors', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const { attributes, ...input } = request.body;
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
    },
  });

  /** `?permanent=1` removes the lead for good and needs delete_unsafe; otherwise a soft delete. */
  app.delete(
    '/api/contacts/:id',
    {
      schema: { params: idParams, querystring: deleteContactQuery, response: { 204: noContent } },
      onRequest: authorize('investors', 'delete'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const hard = request.query.permanent === '1';
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
      return reply.status(204).send(null);
    },
  );

  /** Spec §7.5: the lead becomes an investor, keeping its history. */
  app.post(
    '/api/convert-contact/:id',
    {
      schema: { params: idParams, body: convertContactBody, response: { 201: dataOf(contactConversionSchema) } },
      onRequest: authorize('investors', 'create'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      const result = await db.transaction((tx) => convertContact(tx, request, id, clock.now()));
      if (input.send_invitation) {
        await sendInvitation(ctx, result.user);
        await recordActivity(db, { request, action: 'sent_invitation', subjectType: 'user', subjectId: result.user.id });
      }
      const [contact] = await presentContactsWith(db, [result.contact], new Set(['converted_user']));
      return reply.status(201).send({
        data: { contact, investor: presentUser(result.user), carried_over: result.summary, invitation_sent: input.send_invitation },
      });
    },
  );
}
