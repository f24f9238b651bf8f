import { parseDueDate } from "../dates";
import { bandPrice, sumEstimates } from "../estimate";
import type { FieldId } from "../fields";
import type { JobGroup } from "../group";
import { isError, makeIssue, type Issue, type IssueCode } from "../issues";
import { closestBy, similarity } from "../mapping/normalise";
import type { DeliveryAddress, JobCandidate, JobCandidateLine } from "../vendor";
import { processSetKey, promoKey, type FactRequest, type ResolveContext } from "./context";
import type { ResolvedLine } from "./resolve-row";
import { isYes } from "./values";

/** A job ready to send, with each payload line's source row. */
export interface JobPayload {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  /** `lineRows[i]` is the spreadsheet row of `candidate.items[i]`. */
  readonly lineRows: readonly number[];
}

/** One order resolved: its job-level values checked, its lines gathered, its cost estimated. */
export interface ResolvedJob {
  readonly orderNumber: string;
  readonly rowNumbers: readonly number[];
  /** Issues about the job as a whole or across its lines (conflicts included). */
  readonly issues: readonly Issue[];
  /** Whether any row of the job, or the job itself, has an error. */
  readonly hasErrors: boolean;
  /** The request, exactly in the spec's shape, once nothing stops the job. */
  readonly payload: JobPayload | undefined;
  /** Estimated total in the account's currency (lines that could be priced). */
  readonly estimate: number;
  readonly processCodes: readonly string[];
  readonly dateDue: string | undefined;
  readonly deliveryMethod: string | undefined;
  readonly needs: readonly FactRequest[];
}

const text = (values: JobGroup["jobValues"], field: FieldId) => values[field] ?? null;
const round2 = (value: number) => Math.round(value * 100) / 100;

function closestName(wanted: string, names: readonly string[]): string | undefined {
  const lower = wanted.trim().toLowerCase();
  return closestBy(names, (name) => similarity(lower, name.toLowerCase()), 0.5);
}

/** The distinct processes of a job's lines, sorted: what its earliest ship date depends on. */
export function processCodesOf(lines: readonly Pick<ResolvedLine, "processCode">[]): string[] {
  return [...new Set(lines.map((l) => l.processCode).filter((p): p is string => !!p))].sort();
}

/**
 * Checks an order's job-level values against the reference data (country, state, delivery
 * method, address, due date against the live earliest ship date, promo code) and its lines
 * against each other (artwork on all price-code lines once on one, unique references, the
 * same design twice), then builds its request when nothing stops it.
 */
export function resolveJob(group: JobGroup, lines: readonly ResolvedLine[], context: ResolveContext): ResolvedJob {
  const { catalogue, facts, columnOf } = context;
  const values = group.jobValues;
  const issues: Issue[] = [...group.issues];
  const needs: FactRequest[] = [];
  /** A job value lives on the row that gave it; a missing one belongs on the order's first row. */
  const rowOf = (field: FieldId) => group.valueRows[field] ?? group.rowNumbers[0] ?? null;
  const raise = (code: IssueCode, field: FieldId | undefined, message: string, suggestion?: string, rowNumber?: number | null) =>
    issues.push(
      makeIssue(
        code,
        { rowNumber: rowNumber === undefined ? (field ? rowOf(field) : null) : rowNumber, orderNumber: group.orderNumber, field, column: field ? columnOf(field) : undefined },
        message,
        suggestion,
      ),
    );

  // Delivery method and address.
  const methodText = values.deliveryMethod;
  const option = methodText === undefined ? undefined : catalogue.deliveryOption(methodText);
  const options = catalogue.snapshot.deliveryOptions;
  if (methodText === undefined) {
    const usual = [...options].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).find((o) => !o.isCollection);
    raise("DELIVERY_METHOD_MISSING", "deliveryMethod", "the delivery method is blank.", usual?.label ?? usual?.code);
  } else if (option === undefined) {
    const names = options.flatMap((o) => [o.label ?? "", o.code]).filter(Boolean);
    raise("DELIVERY_METHOD_UNKNOWN", "deliveryMethod", `"${methodText}" is not a delivery option; the options are ${options.map((o) => o.label ?? o.code).join(", ")}.`, closestName(methodText, names));
  }
  const isCollection = option?.isCollection === true;

  const countryText = values.country;
  const defaultCountry = catalogue.snapshot.countries.defaultCountry ?? catalogue.snapshot.account.entityAddress?.countryCode ?? undefined;
  const country = countryText !== undefined ? catalogue.country(countryText) : defaultCountry ? catalogue.country(defaultCountry) : undefined;
  if (countryText !== undefined && country === undefined) {
    raise("COUNTRY_UNKNOWN", "country", `"${countryText}" is not a country the vendor delivers to.`, catalogue.countryCandidates(countryText)[0]);
  }
  let stateName: string | null = text(values, "state");
  if (country && !isCollection) {
    const states = catalogue.states(country.iso2);
    const stateText = values.state;
    if (country.hasState && states.length > 0) {
      if (stateText === undefined) raise("STATE_MISSING", "state", `${country.name} addresses need a state.`, undefined);
      else {
        const lower = stateText.trim().toLowerCase();
        const state = states.find((s) => s.name.toLowerCase() === lower || s.abbreviation?.toLowerCase() === lower);
        if (state) stateName = state.name;
        else raise("STATE_UNKNOWN", "state", `"${stateText}" is not a state of ${country.name}.`, closestName(stateText, states.map((s) => s.name)));
      }
    }
  }
  if (option && !isCollection) {
    const missing: FieldId[] = [];
    if (!values.streetAddress) missing.push("streetAddress");
    if (!values.city) missing.push("city");
    if (country?.hasPostalCode !== false && !values.postalCode) missing.push("postalCode");
    if (missing.length > 0) {
      raise("ADDRESS_INCOMPLETE", missing[0], `the delivery address needs ${missing.map((f) => (f === "streetAddress" ? "a street" : f === "postalCode" ? "a postal code" : "a city")).join(", ")} for ${option.label ?? option.code}.`);
    }
  }

  // Lines across the job.
  const priceLines = lines.filter((l) => l.itemType === "PriceCode");
  if (priceLines.some((l) => l.artworkUrl)) {
    for (const line of priceLines.filter((l) => !l.artworkUrl)) {
      raise("ARTWORK_URL_MISSING", "artworkUrl", "every price-code line of the order needs an artwork URL once one of them has one.", undefined, line.rowNumber);
    }
  }
  const references = new Map<string, number[]>();
  for (const line of lines) {
    if (!line.customerReference) continue;
    const rows = references.get(line.customerReference);
    if (rows) rows.push(line.rowNumber);
    else references.set(line.customerReference, [line.rowNumber]);
  }
  for (const [reference, rows] of references) {
    if (rows.length > 1) for (const rowNumber of rows.slice(1)) raise("CUSTOMER_REFERENCE_DUPLICATE", "customerReference", `the customer reference "${reference}" is also on row ${rows[0]}; each line of an order needs its own.`, undefined, rowNumber);
  }
  const designs = new Map<string, ResolvedLine[]>();
  for (const line of priceLines) {
    if (!line.designKey) continue;
    const same = designs.get(line.designKey);
    if (same) same.push(line);
    else designs.set(line.designKey, [line]);
  }
  for (const same of designs.values()) {
    if (same.length < 2 || same.some((l) => !l.estimate)) continue;
    const quantity = same.reduce((sum, l) => sum + (l.estimate?.quantity ?? 0), 0);
    const separate = sumEstimates(same.map((l) => l.estimate));
    const code = same[0]?.line?.code ?? "";
    const unitPrice = bandPrice(catalogue.priceCode(code)?.priceBands ?? [], quantity);
    const combined = unitPrice === undefined ? separate : round2(quantity * unitPrice + (same[0]?.estimate?.oneOff ?? 0));
    const saving = round2(separate - combined);
    // No suggestion: the combined quantity fits no single cell unless the other rows go too.
    for (const line of same) {
      raise("DUPLICATE_DESIGN", "quantity", `rows ${same.map((l) => l.rowNumber).join(", ")} order the same design; as one line of ${quantity} the estimate is ${saving > 0 ? `${saving.toFixed(2)} less` : "the same"}.`, undefined, line.rowNumber);
    }
  }

  // Due date against the live earliest ship date for the job's processes.
  const processCodes = processCodesOf(lines);
  const shipKey = processSetKey(processCodes);
  const earliest = facts.shipDates.get(shipKey);
  if (earliest === undefined && processCodes.length > 0) needs.push({ kind: "shipDate", key: shipKey, processCodes });
  let dateDue: string | undefined;
  const mustDate = isYes(values.mustDate);
  if (values.dueDate !== undefined) {
    const parsed = parseDueDate(values.dueDate, context.dateOrder);
    if (!parsed.ok) raise("DUE_DATE_INVALID", "dueDate", `"${values.dueDate}" is not a date.`);
    else {
      dateDue = parsed.date;
      if (parsed.ambiguousWith) raise("DUE_DATE_AMBIGUOUS", "dueDate", `"${values.dueDate}" could be ${parsed.date} or ${parsed.ambiguousWith}; ${parsed.date} is used. Write it as ${parsed.date} to be sure.`, parsed.date);
    }
  }
  if (earliest === null) raise("NO_SHIP_DATE", undefined, `the vendor has no ship date for ${processCodes.join(", ")} work at the moment.`);
  else if (earliest !== undefined) {
    if (dateDue === undefined && values.dueDate === undefined) {
      dateDue = earliest;
      raise("DUE_DATE_MISSING", "dueDate", `no due date given; the earliest ship date, ${earliest}, is used.`, earliest);
    } else if (dateDue !== undefined && dateDue < earliest) {
      if (mustDate) raise("MUST_DATE_TOO_EARLY", "dueDate", `${dateDue} is a must-date but the earliest the factory can ship is ${earliest}.`, earliest);
      else raise("DUE_DATE_TOO_EARLY", "dueDate", `${dateDue} is before the earliest ship date; the job will ship on ${earliest}.`, earliest);
      if (!mustDate) dateDue = earliest;
    }
  }

  // Promo code, checked live for the job's processes.
  const promo = values.promoCode;
  if (promo !== undefined) {
    const key = promoKey(promo, processCodes);
    const result = facts.promos.get(key);
    if (result === undefined) needs.push({ kind: "promo", key, code: promo, processCodes });
    else if (!result.isValid) raise("PROMO_CODE_INVALID", "promoCode", `promo code "${promo}": ${result.message || "not valid"}.`);
  }

  const lineNeeds = lines.flatMap((l) => l.needs);
  // A row with an error of its own, or still waiting for a fact, has no line to send.
  const hasErrors = issues.some(isError) || lines.some((l) => l.line === undefined);
  const deliveryAddress: DeliveryAddress = {
    streetAddress: text(values, "streetAddress"),
    address2: text(values, "address2"),
    suburb: text(values, "suburb"),
    city: text(values, "city"),
    state: stateName,
    postalCode: text(values, "postalCode"),
    countryCodeISO2: country?.iso2 ?? null,
    country: country?.name ?? null,
    deliveryMethod: option?.code ?? null,
    shippingInstructions: text(values, "shippingInstructions"),
    contactName: text(values, "contactName"),
    organisation: text(values, "organisation"),
    phone: text(values, "phone"),
    mobile: text(values, "mobile"),
    emailAddress: text(values, "email"),
    isSaturdayDelivery: isYes(values.saturdayDelivery),
  };
  const payload: JobPayload | undefined =
    hasErrors || needs.length > 0 || lineNeeds.length > 0 || dateDue === undefined
      ? undefined
      : {
          orderNumber: group.orderNumber,
          lineRows: lines.map((l) => l.rowNumber),
          candidate: {
            orderNumber: group.orderNumber,
            orderComment: text(values, "orderComment"),
            description: text(values, "description"),
            dateDue,
            mustDate,
            promocode: text(values, "promoCode"),
            deliveryAddress,
            items: lines.map((l) => l.line as JobCandidateLine),
            validateOnly: false,
          },
        };
  return {
    orderNumber: group.orderNumber,
    rowNumbers: group.rowNumbers,
    issues,
    hasErrors,
    payload,
    estimate: sumEstimates(lines.map((l) => l.estimate)),
    processCodes,
    dateDue,
    deliveryMethod: option?.code,
    needs: [...lineNeeds, ...needs],
  };
}
