import type { FieldId } from "../fields";
import { isError } from "../issues";
import { closestBy, similarity } from "../mapping/normalise";
import { agesInRunFor, isNumberRun, lettersInRunFor, sizeKey, YOUTH_LETTER_AGES, youthSizeOf } from "../sizes";
import type { StockItem, StockVariant } from "../vendor";
import { isYouthItem, sameColourIn, youthVersionOf } from "../youth-versions";
import { raise, type LineDraft } from "./line-draft";
import { parseQuantity } from "./values";

/**
 * Where a size and its quantity were read. In a wide layout the size is the column's header
 * and the cell holds the quantity; in the long layout the size cell sits beside the quantity
 * column; a one-size item's only size comes from its run, its quantity from the quantity column.
 */
interface SizeCell {
  readonly label: string;
  readonly quantity: string;
  readonly source: "header" | "cell" | "run";
  /** Where the issue about the size goes (the size's own column), and its field if mapped to one. */
  readonly sizeColumn: string | undefined;
  readonly sizeField: FieldId | undefined;
  /** Where the issue about the quantity goes. */
  readonly quantityColumn: string | undefined;
  readonly quantityField: FieldId | undefined;
}

/** A size cell with a quantity, and the size of the run it names (undefined: none). */
interface ReadCell {
  readonly cell: SizeCell;
  readonly quantity: number;
  readonly size: string | undefined;
}

/** The garment a line orders: its item, its variant, and whether the code cell named the variant. */
export interface Garment {
  readonly item: StockItem;
  readonly variant: StockVariant;
  readonly isVariantCode: boolean;
}

export const runOf = (variant: StockVariant) =>
  variant.sizesCsv
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

/** The size of a run a label names, exactly or as people write it ("XXL" for 2XL, "Y10" for 10, "Youth M" for YM). */
function sizeInRun(label: string, run: readonly string[]): string | undefined {
  if (run.includes(label)) return label;
  const key = sizeKey(label);
  return run.find((size) => sizeKey(size) === key);
}

/** The size cells of a row: the wide layout's size columns, the long layout's size cell, or a one-size item's run. */
function sizeCellsOf(draft: LineDraft, run: readonly string[]): SizeCell[] {
  const { row, context } = draft;
  const cells: SizeCell[] = row.sizes.map((answer) => ({
    label: answer.key,
    quantity: answer.value,
    source: "header",
    sizeColumn: answer.column,
    sizeField: undefined,
    quantityColumn: answer.column,
    quantityField: undefined,
  }));
  const quantityColumn = context.columnOf("quantity");
  if (row.values.size !== undefined) {
    cells.push({
      label: row.values.size,
      quantity: row.values.quantity ?? "",
      source: "cell",
      sizeColumn: context.columnOf("size"),
      sizeField: "size",
      quantityColumn,
      quantityField: "quantity",
    });
  } else if (row.sizes.length === 0 && run.length === 1 && row.values.quantity !== undefined) {
    // Equipment and one-size items take the quantity column as their only size.
    cells.push({
      label: run[0] as string,
      quantity: row.values.quantity,
      source: "run",
      sizeColumn: quantityColumn,
      sizeField: "quantity",
      quantityColumn,
      quantityField: "quantity",
    });
  }
  return cells;
}

/** A cell's quantity, or an issue saying why it has none (a 0 is no order of that size, and no issue). */
function quantityIn(draft: LineDraft, cell: SizeCell): number | undefined {
  const { label } = cell;
  if (cell.quantity.trim() === "") {
    raise(
      draft,
      "QUANTITY_MISSING",
      cell.quantityField,
      `Give the quantity of size ${label}.`,
      undefined,
      cell.quantityColumn,
    );
    return undefined;
  }
  const quantity = parseQuantity(cell.quantity);
  if (quantity === undefined && cell.quantity.trim() !== "0")
    raise(
      draft,
      "QUANTITY_INVALID",
      cell.quantityField,
      `"${cell.quantity}" is not a whole number of ${label}s.`,
      undefined,
      cell.quantityColumn,
    );
  return quantity;
}

/** How a cell is named at the start of a message: a wide layout's column, or the size written in a cell. */
const namedCell = (cell: SizeCell) =>
  cell.source === "header" ? `The column "${cell.label}"` : `Size "${cell.label}"`;

/** A label that is only a number ("10"), as a number. */
function bareNumberOf(label: string): number | undefined {
  const key = sizeKey(label);
  return /^\d{1,2}$/.test(key) && youthSizeOf(label) === undefined ? Number(key) : undefined;
}

/** Whether a label is a child's size: written as one, or a bare number where the adult run has none. */
function isYouthLabel(label: string, run: readonly string[]): boolean {
  return youthSizeOf(label) !== undefined || (bareNumberOf(label) !== undefined && !isNumberRun(run));
}

/**
 * The sizes of a run a child's size is likely to be, where the run writes them another way: a
 * youth letter in a run by age (YM: 10 or 12), an age in a run of youth letters (10: YM), and on a
 * children's garment sized by plain letters, the plain letter (YM: M; 10: M).
 */
function likelySizes(label: string, run: readonly string[], isYouthGarment: boolean): string[] {
  const youth = youthSizeOf(label);
  if (youth?.kind === "letter") {
    const ages = agesInRunFor(youth.letter, run);
    const plain = isYouthGarment ? sizeInRun(youth.letter, run) : undefined;
    return ages.length > 0 ? ages : plain ? [plain] : [];
  }
  const age = youth?.kind === "age" ? youth.age : bareNumberOf(label);
  return age === undefined ? [] : lettersInRunFor(age, run, isYouthGarment);
}

/** Whether a run will take a label: as one of its sizes, or as a size it is likely to be (offered, not read). */
const runTakes = (label: string, run: readonly string[], isYouthGarment: boolean) =>
  sizeInRun(label, run) !== undefined || likelySizes(label, run, isYouthGarment).length > 0;

const listed = (labels: readonly string[]) => labels.map((label) => `"${label}"`).join(", ");
const nameOf = (item: StockItem) => (item.stockName ? `${item.stockCode} (${item.stockName})` : item.stockCode);

/**
 * Youth sizes on an adult garment whose youth version the catalogue has, in the row's colour,
 * with every one of those sizes: the youth version's code is offered for the code cell (its
 * variant code when the code cell named the variant, so the line needs nothing else).
 */
function offerYouthVersion(draft: LineDraft, garment: Garment, cells: readonly ReadCell[]): boolean {
  const { item, variant } = garment;
  const run = runOf(variant);
  const unknown = cells.filter((c) => c.size === undefined);
  if (unknown.length === 0 || unknown.length !== cells.length || isYouthItem(item)) return false;
  if (!unknown.every((c) => isYouthLabel(c.cell.label, run))) return false;
  const version = youthVersionOf(item, draft.context.catalogue.snapshot.stock);
  const versionVariant = version && sameColourIn(variant, item, version);
  if (!version || !versionVariant) return false;
  const versionRun = runOf(versionVariant);
  if (!unknown.every((c) => runTakes(c.cell.label, versionRun, true))) return false;
  const code = garment.isVariantCode ? versionVariant.variantCode : version.stockCode;
  const labels = unknown.map((c) => c.cell.label);
  const wide = unknown[0]?.cell.source === "header";
  const what = `${wide ? "The columns" : labels.length > 1 ? "Sizes" : "Size"} ${listed(labels)}`;
  const colour = versionVariant.colour ?? versionVariant.variantCode;
  raise(
    draft,
    "STOCK_SIZE_IS_YOUTH",
    "code",
    `${what} ${labels.length > 1 ? "are youth sizes" : "is a youth size"}, and ${nameOf(item)} is sized ` +
      `${run.join(", ")}. Its youth version ${nameOf(version)} comes in ${colour} ` +
      `(${versionVariant.variantCode}) in sizes ${versionRun.join(", ")}: use ${code} as the code.`,
    code,
  );
  return true;
}

interface SizeHint {
  readonly text: string;
  /** The size to offer for the cell, when one is likely. */
  readonly size?: string;
}

/** What to do with a size: write another into the cell, or (a wide layout) rename the column. */
const instead = (cell: SizeCell, sizes: readonly string[]) =>
  `${cell.source === "header" ? "rename the column to" : "write"} ${sizes.join(" or ")} instead`;

/** A child's size the run writes another way: the sizes it is likely to be, or the ages a youth letter usually is. */
function likelySizeHint(item: StockItem, run: readonly string[], cell: SizeCell): SizeHint | undefined {
  const likely = likelySizes(cell.label, run, isYouthItem(item));
  const youth = youthSizeOf(cell.label);
  const what = youth?.kind === "letter" ? "a youth letter size" : "an age";
  if (likely.length > 0)
    return {
      text: ` ${cell.label} is ${what}, usually ${likely.join(" or ")} in this run: ${instead(cell, likely)}.`,
      size: likely[0],
    };
  const usual = youth?.kind === "letter" ? YOUTH_LETTER_AGES[youth.letter] : undefined;
  if (usual && isNumberRun(run))
    return {
      text: ` ${cell.label} is a youth letter size, usually ${usual[0]}–${usual.at(-1)}, which this run does not have.`,
    };
  return undefined;
}

/** Why a youth size is not in this run, and what it could be instead; undefined for another size. */
function youthHint(draft: LineDraft, garment: Garment, cell: SizeCell): SizeHint | undefined {
  const { item, variant } = garment;
  const run = runOf(variant);
  const youth = youthSizeOf(cell.label);
  const likely = youth || bareNumberOf(cell.label) !== undefined ? likelySizeHint(item, run, cell) : undefined;
  if (likely || !isYouthLabel(cell.label, run) || isYouthItem(item)) return likely;
  const version = youthVersionOf(item, draft.context.catalogue.snapshot.stock);
  if (!version)
    return youth
      ? { text: ` ${cell.label} is a youth size, and ${nameOf(item)} has none: order it under a youth garment's code.` }
      : undefined;
  const versionVariant = sameColourIn(variant, item, version);
  const colours = version.stockVariants.map((v) => v.colour ?? v.variantCode).join(", ");
  const where = versionVariant
    ? `has it: put the youth sizes on a row of their own with the code ${version.stockCode}.`
    : `comes in ${colours}, not ${variant.colour ?? variant.variantCode}.`;
  return { text: ` ${cell.label} is a youth size; the youth version ${nameOf(version)} ${where}` };
}

/** A size the run does not have: why, and the nearest size when one is close (written only into a size cell). */
function raiseUnknownSize(draft: LineDraft, garment: Garment, cell: SizeCell): void {
  const run = runOf(garment.variant);
  const youth = youthHint(draft, garment, cell);
  const nearest = youth ? youth.size : closestBy(run, (s) => similarity(sizeKey(cell.label), sizeKey(s)), 0.5);
  const hint =
    youth?.text ??
    (cell.source === "header" && nearest !== undefined
      ? ` The nearest is ${nearest}: rename the column or map it to that size.`
      : "");
  // A suggestion is written into the issue's cell, and only the long layout's size cell holds
  // the size: in a wide layout that cell is the quantity, so the header is explained instead.
  raise(
    draft,
    "STOCK_SIZE_UNKNOWN",
    cell.sizeField,
    `${namedCell(cell)} is not a size in the ${garment.variant.variantCode} size run (${run.join(", ")}).${hint}`,
    cell.source === "cell" ? nearest : undefined,
    cell.sizeColumn,
  );
}

/** Size quantities from the wide size columns, the long layout's size column, or Qty for equipment. */
export function sizeQuantities(draft: LineDraft, garment: Garment): Record<string, number> | undefined {
  const run = runOf(garment.variant);
  const cells: ReadCell[] = [];
  for (const cell of sizeCellsOf(draft, run)) {
    const quantity = quantityIn(draft, cell);
    if (quantity !== undefined) cells.push({ cell, quantity, size: sizeInRun(cell.label, run) });
  }
  const quantities: Record<string, number> = {};
  const isYouthVersionOffered = offerYouthVersion(draft, garment, cells);
  for (const { cell, quantity, size } of cells) {
    if (size === undefined) {
      if (!isYouthVersionOffered) raiseUnknownSize(draft, garment, cell);
      continue;
    }
    if (size !== cell.label)
      raise(
        draft,
        "STOCK_SIZE_NORMALISED",
        cell.sizeField,
        `${namedCell(cell)} is read as size ${size}.`,
        cell.source === "cell" ? size : undefined,
        cell.sizeColumn,
      );
    quantities[size] = (quantities[size] ?? 0) + quantity;
  }
  if (Object.keys(quantities).length === 0 && !draft.issues.some(isError)) {
    raise(
      draft,
      "STOCK_SIZES_MISSING",
      draft.row.sizes.length > 0 ? undefined : "quantity",
      `Give quantities for the sizes of ${garment.variant.variantCode} (${run.join(", ")}).`,
    );
    return undefined;
  }
  return quantities;
}
