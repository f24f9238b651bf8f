import { useState } from "preact/hooks";
import { IMPORT_FIELDS, type FieldId } from "../../core/fields";
import { columnSamples } from "../../core/mapping/column-samples";
import {
  attributeColumns,
  columnForField,
  missingRequiredFields,
  sizeColumns,
  sizeLayout,
  type ColumnAssignment,
  type MappingTarget,
} from "../../core/mapping/sheet-mapping";
import { countOf } from "../../core/plural";
import { csvDialectText } from "../../sheet/read/csv/csv-dialect-text";
import type { Connected, ImportWorkflow, MappingState } from "../import-workflow";

interface Props {
  readonly connected: Connected;
  readonly state: MappingState;
  readonly error?: string | undefined;
  readonly workflow: ImportWorkflow;
}

const LAYOUT_TEXT = { wide: "one column per size", long: "a size column beside the quantity", none: "no size columns" } as const;

function Confidence({ assignment }: { readonly assignment: ColumnAssignment | undefined }) {
  if (!assignment?.target) return null;
  const percent = Math.round(assignment.confidence * 100);
  return (
    <span class={`confidence ${percent < 70 ? "low" : ""}`} title={`Matched by ${assignment.reason}`}>
      {percent}% · {assignment.reason}
    </span>
  );
}

function targetValue(target: MappingTarget | null): string {
  if (target === null) return "";
  return target.kind === "field" ? `field:${target.field}` : target.kind === "size" ? `size:${target.size}` : `attribute:${target.attribute}`;
}

function parseTarget(value: string): MappingTarget | null {
  const [kind, ...rest] = value.split(":");
  const name = rest.join(":");
  if (kind === "size") return { kind: "size", size: name };
  if (kind === "attribute") return { kind: "attribute", attribute: name };
  if (kind === "field") return { kind: "field", field: name as FieldId };
  return null;
}

export function MappingStep({ connected, state, error, workflow }: Props) {
  const [templateName, setTemplateName] = useState(state.appliedTemplate ?? "");
  const { preview, mapping, file } = state;
  const missing = new Set(missingRequiredFields(mapping));
  const otherColumns = mapping.columns.filter((c) => c.target === null || c.target.kind !== "field");
  return (
    <section>
      <h2>Map the columns of {file.fileName}</h2>
      {state.notice && <p role="status" class="notice" data-testid="mapping-notice">{state.notice}</p>}
      {error && <p role="alert" class="error">{error}</p>}
      <div class="sheet-options">
        {file.sheets.length > 1 && (
          <label>
            Sheet{" "}
            <select aria-label="Sheet" value={state.sheetName} onChange={(e) => workflow.selectSheet(e.currentTarget.value)}>
              {file.sheets.map((sheet) => (
                <option value={sheet.name} key={sheet.name}>
                  {sheet.name}
                  {sheet.hidden ? " (hidden)" : ""} — {sheet.rowCount} rows
                </option>
              ))}
            </select>
          </label>
        )}{" "}
        <label>
          Header row{" "}
          <input
            type="number"
            aria-label="Header row"
            min={1}
            value={preview.headerRowNumber}
            onChange={(e) => {
              const row = Number(e.currentTarget.value);
              if (Number.isInteger(row) && row >= 1) void workflow.setHeaderRow(row);
            }}
          />
        </label>
        {file.csv && (
          <span class="file-facts">
            {" "}
            Read as {csvDialectText(file.csv)}.
          </span>
        )}
      </div>
      <p class="facts" data-testid="sheet-facts">
        {countOf(preview.rowCount, "row", "rows")} below the header on row {preview.headerRowNumber}; sizes: {LAYOUT_TEXT[sizeLayout(mapping)]}.
        {preview.hiddenRows.length > 0 && ` Rows ${preview.hiddenRows.slice(0, 10).join(", ")}${preview.hiddenRows.length > 10 ? "…" : ""} are hidden in the file and are imported too.`}
      </p>
      {missing.size > 0 && (
        <p role="alert" class="error" data-testid="missing-fields">
          Still needed: {[...missing].map((id) => IMPORT_FIELDS.find((f) => f.id === id)?.label).join(", ")}.
        </p>
      )}
      <div class="template-bar">
        {state.templates.length > 0 && (
          <label>
            Template{" "}
            <select aria-label="Template" value={state.appliedTemplate ?? ""} onChange={(e) => (e.currentTarget.value ? workflow.applyTemplate(e.currentTarget.value) : void workflow.useSuggestedMapping())}>
              <option value="">Suggested mapping</option>
              {state.templates.map((t) => (
                <option value={t.name} key={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}{" "}
        <label>
          Template name <input aria-label="Template name" value={templateName} onInput={(e) => setTemplateName(e.currentTarget.value)} placeholder="e.g. Winter team orders" />
        </label>{" "}
        <button type="button" class="secondary" disabled={templateName.trim() === ""} onClick={() => workflow.saveTemplate(templateName)}>
          Save template
        </button>
      </div>
      <div class="table-scroll">
      <table class="mapping">
        <thead>
          <tr>
            <th>Field</th>
            <th>Column in your sheet</th>
            <th>Match</th>
            <th>Sample values</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_FIELDS.map((field) => {
            const assignment = columnForField(mapping, field.id);
            return (
              <tr key={field.id} class={missing.has(field.id) ? "missing" : ""} data-testid={`field-${field.id}`}>
                <td title={field.description}>
                  {field.label}
                  {"required" in field && field.required ? " *" : ""}
                </td>
                <td>
                  <select
                    aria-label={`Column for ${field.label}`}
                    value={assignment ? String(assignment.column) : ""}
                    onChange={(e) => workflow.assignField(field.id, e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}
                  >
                    <option value="">— not mapped —</option>
                    {mapping.columns.map((c) => (
                      <option value={String(c.column)} key={c.column}>
                        {c.header}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <Confidence assignment={assignment} />
                </td>
                <td class="samples">{assignment ? columnSamples(preview.sampleRows, assignment.column).join(" · ") : ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
      <h3>Other columns</h3>
      <p class="hint">
        Size columns hold quantities per size; attribute columns answer a price code's questions. Columns left as they are go back
        into your result sheet untouched.
      </p>
      <div class="table-scroll">
      <table class="mapping">
        <tbody>
          {otherColumns.map((c) => (
            <tr key={c.column} data-testid={`column-${c.column}`}>
              <td>{c.header}</td>
              <td>
                <select aria-label={`Use of column ${c.header}`} value={targetValue(c.target)} onChange={(e) => workflow.assignColumn(c.column, parseTarget(e.currentTarget.value))}>
                  <option value="">Keep as it is</option>
                  <option value={`size:${c.header}`}>Size {c.header}</option>
                  {state.attributes.map((name) => (
                    <option value={`attribute:${name}`} key={name}>
                      Attribute: {name}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <Confidence assignment={c} />
              </td>
              <td class="samples">{columnSamples(preview.sampleRows, c.column).join(" · ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <p class="facts">
        {sizeColumns(mapping).length} size columns, {attributeColumns(mapping).length} attribute columns.
      </p>
      <div class="actions">
        <button type="button" onClick={() => workflow.check()} disabled={missing.size > 0}>
          Check the rows
        </button>{" "}
        <button type="button" class="secondary" onClick={() => workflow.startOver(connected)}>
          Choose another file
        </button>
      </div>
    </section>
  );
}
