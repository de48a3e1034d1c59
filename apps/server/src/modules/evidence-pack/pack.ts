import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { resolveTerminology } from '@platform/domain';
import type { Db } from '../../db/client';
import { PdfReport } from '../../platform/pdf-report';
import type { UserRow } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { recordRetention } from '../../shared/record-retention';
import { loadSettings } from '../../shared/settings';
import { type PackFile, utcTime } from './blocks';
import { SECTIONS } from './sections';

export interface EvidencePack {
  pdf: Uint8Array;
  files: PackFile[];
  filename: string;
}

/** The pack of one investor as a PDF, and the files of their record for the zip. */
export async function buildEvidencePack(db: Db, investor: UserRow, staff: UserRow, now: Date): Promise<EvidencePack> {
  const settings = await loadSettings(db);
  const firm = settings.logoAlt || resolveTerminology(settings.navigation).pageTitle;
  const input = { db, investor, retention: await recordRetention(db, investor.id, now), files: [] as PackFile[] };
  const report = await PdfReport.create({
    title: `Evidence pack: ${investor.name}`,
    lines: [
      `${firm} · Investor ${investor.name} (${investor.email}, id ${investor.id})`,
      `Generated ${utcTime(now)} by ${staff.name} (${staff.email}). All times are UTC.`,
    ],
  });
  for (const section of SECTIONS) {
    const { title, blocks } = await section(input);
    report.heading(title);
    for (const block of blocks) {
      if (block.kind === 'text') report.paragraph(block.text, block);
      else if (block.kind === 'fields') report.fields(block.pairs);
      else report.table(block.columns, block.rows, { empty: block.empty });
    }
  }
  const stem = `evidence-pack-${investor.id}-${now.toISOString().slice(0, 10)}`;
  return { pdf: await report.save(), files: input.files, filename: stem };
}

/**
 * The zip, streamed as it is written: the PDF first, then each file of the record read from storage
 * one at a time (a file missing from storage is listed in MISSING.txt rather than failing the pack).
 */
export function evidencePackZip(pack: EvidencePack, storage: Storage, log: FastifyBaseLogger): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  zip.on('error', (error) => out.destroy(error));
  zip.pipe(out);
  // One entry at a time: the next file is read only once the last is written, so memory holds one file.
  const add = async (data: Buffer | string | Readable, name: string) => {
    const written = once(zip, 'entry');
    zip.append(data, { name });
    await written;
  };
  const produce = async () => {
    await add(Buffer.from(pack.pdf), `${pack.filename}.pdf`);
    const missing: string[] = [];
    for (const file of pack.files) {
      const data = await storage.open(file.storageKey);
      if (data) await add(data, file.path);
      else missing.push(file.path);
    }
    if (missing.length) await add(`These files of the record were not found in storage:\n${missing.join('\n')}\n`, 'MISSING.txt');
    await zip.finalize();
  };
  produce().catch((error) => {
    log.error({ err: error }, 'evidence pack zip failed');
    out.destroy(error as Error);
  });
  return out;
}
