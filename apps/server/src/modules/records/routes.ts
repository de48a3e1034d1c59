import type { App, AppContext } from '../../platform/context';
import { registerActivityRoutes } from './activity';
import { callLogKind } from './call-logs';
import { registerRecordKind } from './crud';
import { documentKind, registerDocumentRoutes } from './documents';
import { folderKind } from './folders';
import { noteKind } from './notes';
import { taskKind } from './tasks';

/**
 * Records attached to any business record — notes, call logs, tasks, folders, documents — and a
 * record's activity history. Permission follows the record they are attached to
 * (shared/record-subjects.ts).
 */
export function registerRecordRoutes(app: App, ctx: AppContext) {
  registerRecordKind(app, ctx, noteKind);
  registerRecordKind(app, ctx, callLogKind);
  registerRecordKind(app, ctx, taskKind);
  registerRecordKind(app, ctx, folderKind);
  registerDocumentRoutes(app, ctx);
  registerRecordKind(app, ctx, documentKind);
  registerActivityRoutes(app, ctx);
}
