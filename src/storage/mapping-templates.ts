import type { IDBPDatabase } from "idb";
import { headerSignature, type MappingTemplate } from "../core/mapping/templates";
import type { ImporterDB } from "./database";

function isTemplate(value: unknown): value is MappingTemplate {
  const t = value as MappingTemplate;
  return (
    typeof t === "object" &&
    t !== null &&
    typeof t.name === "string" &&
    typeof t.signature === "string" &&
    Array.isArray(t.headers) &&
    Array.isArray(t.assignments)
  );
}

/** Named mapping templates, offered again for sheets whose headers match. */
export function createTemplateStore(db: IDBPDatabase<ImporterDB>) {
  return {
    async save(template: MappingTemplate): Promise<void> {
      await db.put("mappingTemplates", template);
    },
    /** Templates saved for exactly these headers, newest first; damaged records are skipped. */
    async forHeaders(headers: readonly string[]): Promise<MappingTemplate[]> {
      const found = await db.getAllFromIndex("mappingTemplates", "bySignature", headerSignature(headers));
      return found.filter(isTemplate).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    },
    async list(): Promise<MappingTemplate[]> {
      return (await db.getAll("mappingTemplates")).filter(isTemplate);
    },
    async remove(name: string): Promise<void> {
      await db.delete("mappingTemplates", name);
    },
  };
}

export type TemplateStore = ReturnType<typeof createTemplateStore>;
