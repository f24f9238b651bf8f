import { useState } from "preact/hooks";
import { questionLabel } from "../../core/catalogue";
import { IMPORT_FIELDS, type FieldId } from "../../core/fields";
import { columnSamples } from "../../core/mapping/column-samples";
import {
  attributeColumns,
  columnForField,
  missingRequiredFields,
  sizeColumns,
  type ColumnAssignment,
} from "../../core/mapping/sheet-mapping";
import { countOf } from "../../core/plural";
import { csvDialectText } from "../../sheet/read/csv/csv-dialect-text";
import type { Connected, ImportWorkflow, MappingState } from "../workflow/import-workflow";
import {
  hiddenRowsText,
  MATCH_REASON_TEXT,
  missingLabels,
  parseTarget,
  questionChoices,
  sizeLayoutText,
  targetValue,
} from "./mapping-choices";
import { useCatalogueSnapshot } from "./use-catalogue-snapshot";

interface Props {
  readonly connected: Connected;
  readonly state: MappingState;
  readonly error?: string | undefined;
  readonly workflow: ImportWorkflow;
}

interface PartProps {
  readonly state: MappingState;
  readonly workflow: ImportWorkflow;
}

function Confidence({ assignment }: { readonly assignment: ColumnAssignment | undefined }) {
  if (!assignment?.target) return null;
  const percent = Math.round(assignment.confidence * 100);
  return (
    <span class={`confidence ${percent < 70 ? "low" : ""}`}>
      {percent}% · {assignment.reason ? MATCH_REASON_TEXT[assignment.reason] : ""}
      {assignment.evidence && <span class="evidence">: {assignment.evidence}</span>}
    </span>
  );
}

/** Several files dropped together: each one's sheet and header row, which can be chosen again file by file. */
function FilesRead({
  files,
  summaries,
  workflow,
}: {
  files: NonNullable<MappingState["files"]>;
  summaries: readonly MappingState["file"][];
  workflow: ImportWorkflow;
}) {
  return (
    <table class="files-read" data-testid="files-read">
      <caption class="visually-hidden">Files read together</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Sheet</th>
          <th scope="col">Header row</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f, i) => {
          const summary = summaries[i];
          const sheets = summary?.format === "csv" ? [] : (summary?.sheets ?? []);
          return (
            <tr key={`${i}-${f.name}`}>
              <td>{f.name}</td>
              <td>
                {sheets.length > 1 ? (
                  <select
                    aria-label={`Sheet of ${f.name}`}
                    value={f.sheetName}
                    onChange={(e) => void workflow.chooseFileSheet(i, e.currentTarget.value)}
                  >
                    {sheets.map((sheet) => (
                      <option value={sheet.name} key={sheet.name}>
                        {sheet.name}
                        {sheet.hidden ? " (hidden)" : ""} — {countOf(sheet.rowCount, "row", "rows")}
                      </option>
                    ))}
                  </select>
                ) : summary?.format === "csv" ? (
                  ""
                ) : (
                  f.sheetName
                )}
              </td>
              <td>
                <input
                  type="number"
                  min={1}
                  aria-label={`Header row of ${f.name}`}
                  value={f.headerRowNumber}
                  onChange={(e) => {
                    const row = Number(e.currentTarget.value);
                    if (Number.isInteger(row) && row >= 1) void workflow.chooseFileSheet(i, f.sheetName, row);
                  }}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Which sheet of a workbook, and which row holds the headers; how a CSV file was read. */
function SheetOptions({ state, workflow }: PartProps) {
  const { file, preview } = state;
  if (state.files) return <FilesRead files={state.files} summaries={file.files ?? []} workflow={workflow} />;
  return (
    <div class="sheet-options">
      {file.sheets.length > 1 && (
        <label>
          Sheet{" "}
          <select
            aria-label="Sheet"
            value={state.sheetName}
            onChange={(e) => workflow.selectSheet(e.currentTarget.value)}
          >
            {file.sheets.map((sheet) => (
              <option value={sheet.name} key={sheet.name}>
                {sheet.name}
                {sheet.hidden ? " (hidden)" : ""} — {countOf(sheet.rowCount, "row", "rows")}
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
      {file.csv && <span class="file-facts"> Read as {csvDialectText(file.csv)}.</span>}
    </div>
  );
}

/** The saved templates for these headers, and saving the mapping as one. */
function TemplateBar({ state, workflow }: PartProps) {
  const [templateName, setTemplateName] = useState(state.appliedTemplate ?? "");
  return (
    <div class="template-bar">
      {state.templates.length > 0 && (
        <label>
          Template{" "}
          <select
            aria-label="Template"
            value={state.appliedTemplate ?? ""}
            onChange={(e) =>
              e.currentTarget.value
                ? workflow.applyTemplate(e.currentTarget.value)
                : void workflow.applySuggestedMapping()
            }
          >
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
        Template name{" "}
        <input
          aria-label="Template name"
          value={templateName}
          onInput={(e) => setTemplateName(e.currentTarget.value)}
          placeholder="e.g. Winter team orders"
        />
      </label>{" "}
      <button
        type="button"
        class="secondary"
        disabled={templateName.trim() === ""}
        onClick={() => workflow.saveTemplate(templateName)}
      >
        Save template
      </button>
    </div>
  );
}

/** Every field of the importer with the column mapped to it, how sure the match is, and the column's first values. */
function FieldTable({ state, workflow, missing }: PartProps & { readonly missing: ReadonlySet<FieldId> }) {
  const { mapping, preview } = state;
  return (
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
                    onChange={(e) =>
                      workflow.assignField(
                        field.id,
                        e.currentTarget.value === "" ? null : Number(e.currentTarget.value),
                      )
                    }
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
                <td class="samples">
                  {assignment ? columnSamples(preview.sampleRows, assignment.column).join(" · ") : ""}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The columns mapped to no field: kept as they are, or used as a size or a price code's question. */
function OtherColumnsTable({ state, workflow, labelOf }: PartProps & { readonly labelOf: (name: string) => string }) {
  const otherColumns = state.mapping.columns.filter((c) => c.target === null || c.target.kind !== "field");
  return (
    <div class="table-scroll">
      <table class="mapping">
        <tbody>
          {otherColumns.map((c) => (
            <tr key={c.column} data-testid={`column-${c.column}`}>
              <td>{c.header}</td>
              <td>
                <select
                  aria-label={`Use of column ${c.header}`}
                  value={targetValue(c.target)}
                  onChange={(e) => workflow.assignColumn(c.column, parseTarget(e.currentTarget.value))}
                >
                  <option value="">Keep as it is</option>
                  <option value={`size:${c.header}`}>Size {c.header}</option>
                  {questionChoices(state.attributes, labelOf, c.target).map((choice) => (
                    <option value={choice.value} key={choice.value}>
                      Attribute: {choice.label}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <Confidence assignment={c} />
              </td>
              <td class="samples">{columnSamples(state.preview.sampleRows, c.column).join(" · ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Mapping the sheet's columns to the importer's fields, sizes and price-code questions, before its rows are checked.
 */
export function MappingStep({ connected, state, error, workflow }: Props) {
  const { preview, mapping, file } = state;
  const missing = new Set(missingRequiredFields(mapping));
  const snapshot = useCatalogueSnapshot(workflow.catalogueSnapshot, connected.account.id);
  return (
    <section>
      <h2>Map the columns of {file.fileName}</h2>
      {state.notice && (
        <p role="status" class="notice" data-testid="mapping-notice">
          {state.notice}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <SheetOptions state={state} workflow={workflow} />
      <p class="facts" data-testid="sheet-facts">
        {state.files
          ? `${countOf(preview.rowCount, "row", "rows")} from ${countOf(state.files.length, "file", "files")}`
          : `${countOf(preview.rowCount, "row", "rows")} below the header on row ${preview.headerRowNumber}`}
        ; sizes: {sizeLayoutText(mapping)}.{hiddenRowsText(preview.hiddenRows)}
      </p>
      {missing.size > 0 && (
        <p role="alert" class="error" data-testid="missing-fields">
          Still needed: {missingLabels(missing)}.
        </p>
      )}
      {/* A template is saved for one sheet's headers: several files each use their own, applied as they were read. */}
      {!state.files && <TemplateBar state={state} workflow={workflow} />}
      <FieldTable state={state} workflow={workflow} missing={missing} />
      <h3>Other columns</h3>
      <p class="hint">
        Size columns hold quantities per size; attribute columns answer a price code's questions. Columns left as they
        are go back into your result sheet untouched.
      </p>
      <OtherColumnsTable state={state} workflow={workflow} labelOf={(name) => questionLabel(snapshot, name)} />
      <p class="facts">
        {countOf(sizeColumns(mapping).length, "size column", "size columns")},{" "}
        {countOf(attributeColumns(mapping).length, "attribute column", "attribute columns")}.
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
