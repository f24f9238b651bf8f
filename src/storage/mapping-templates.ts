import type { IDBPDatabase } from "idb";
import { headerSignature, MappingTemplate } from "../core/mapping/templates";
import { readStoredRecords, textFieldOf } from "../core/stored-records";
import type { ImporterDB } from "./database";

/** Named mapping templates, offered again for sheets whose headers match. */
export function createTemplateStore(db: IDBPDatabase<ImporterDB>) {
  const unread = new Set<string>();
  /** Every template read back is parsed by its schema; one of another shape is left out and named. */
  const readTemplates = (values: readonly unknown[]): MappingTemplate[] => {
    const read = readStoredRecords(MappingTemplate, values);
    for (const value of read.unread) {
      const name = textFieldOf(value, "name");
      unread.add(
        `The saved mapping ${name === undefined ? "without a name" : `"${name}"`} ` +
          "is not one this version can read, and was left out.",
      );
    }
    return read.kept;
  };
  return {
    /** Saved templates that could not be read back and were left out, each said in a sentence for the user. */
    get unreadRecords(): readonly string[] {
      return [...unread];
    },
    async save(template: MappingTemplate): Promise<void> {
      await db.put("mappingTemplates", template);
    },
    /** Templates saved for exactly these headers, newest first; damaged records are skipped. */
    async forHeaders(headers: readonly string[]): Promise<MappingTemplate[]> {
      const found = await db.getAllFromIndex("mappingTemplates", "bySignature", headerSignature(headers));
      return readTemplates(found).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    },
    async list(): Promise<MappingTemplate[]> {
      return readTemplates(await db.getAll("mappingTemplates"));
    },
    async remove(name: string): Promise<void> {
      await db.delete("mappingTemplates", name);
    },
  };
}

export type TemplateStore = ReturnType<typeof createTemplateStore>;
