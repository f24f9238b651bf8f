import { ENDPOINTS } from "../../../core/vendor";
import { customBands, processesFor } from "../fixtures/catalogue";
import { readQuery } from "../read-query";
import { fieldErrors, notFound, ok } from "../sim-response";
import type { Handler } from "./context";

export const listProcesses: Handler = ({ state }) => ok({ processes: processesFor(state.account) });

/** Custom-dimension codes (metadata attributes) are left out: they are priced one at a time. */
export const listPriceCodes: Handler = ({ state, query }) => {
  const read = readQuery(ENDPOINTS.listPriceCodes.query, query);
  if (!read.ok) return read.refusal;
  const { page = 1, pageSize = state.fixtures.defaultPageSizes.priceCodes } = read.value;
  const filter = read.value.filter?.toLowerCase();
  const listed = [...state.catalogue.values()]
    .map((entry) => entry.priceCode)
    .filter((code) => !code.hasMetaDataAttributes)
    .filter(
      (code) =>
        filter === undefined ||
        [code.priceCode, code.description, code.name, code.categoryName].some((text) =>
          text?.toLowerCase().includes(filter),
        ),
    );
  return ok(listed.slice((page - 1) * pageSize, page * pageSize));
};

/**
 * Without dgX and dgY a custom-dimension code is described but not priced (no bands); with
 * them, its bands are worked out for that width and height.
 */
export const getPriceCode: Handler = ({ state, params, query }) => {
  const entry = state.catalogue.get(params["priceCode"] ?? "");
  if (entry === undefined) return notFound(`Price code "${params["priceCode"]}" was not found.`);
  const read = readQuery(ENDPOINTS.getPriceCode.query, query);
  if (!read.ok) return read.refusal;
  const { dgX, dgY } = read.value;
  const code = entry.priceCode;
  if (!code.hasMetaDataAttributes || (dgX === undefined && dgY === undefined)) return ok(code);
  const errors: Record<string, string[]> = {};
  const limit = (name: string) => code.attributes?.find((a) => a.name === name);
  for (const [name, value, key] of [
    ["dgX", dgX, "DG-X"],
    ["dgY", dgY, "DG-Y"],
  ] as const) {
    const definition = limit(key);
    if (value === undefined)
      errors[name] = [`${name} is required with ${name === "dgX" ? "dgY" : "dgX"} to price ${code.priceCode}.`];
    else if (value < (definition?.minValue ?? 0) || value > (definition?.maxValue ?? Infinity)) {
      errors[name] = [`${name} must be between ${definition?.minValue} and ${definition?.maxValue}.`];
    }
  }
  if (Object.keys(errors).length > 0 || dgX === undefined || dgY === undefined) return fieldErrors(errors);
  return ok({ ...code, sizeWidth: dgX, sizeHeight: dgY, priceBands: customBands(entry, dgX, dgY) });
};
