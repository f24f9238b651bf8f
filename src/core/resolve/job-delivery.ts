import type { FieldId } from "../fields";
import { readDeliveryOption } from "../delivery-names";
import { foldName } from "../name-reading";
import { readCountry, readState } from "../places";
import type { Country, DeliveryAddress, DeliveryOption } from "../vendor";
import { jobText, raiseOnJob, type JobDraft } from "./job-draft";
import { isYes } from "./values";

/** Where and how an order is delivered, as far as the catalogue recognises its values. */
export interface JobDelivery {
  readonly option: DeliveryOption | undefined;
  readonly country: Country | undefined;
  /** The state's own name when it was recognised, else the sheet's text (null when blank). */
  readonly stateName: string | null;
}

/** The delivery option named; a blank one is suggested the usual (first ranked) courier option. */
function checkDeliveryMethod(draft: JobDraft): DeliveryOption | undefined {
  const { catalogue } = draft.context;
  const methodText = draft.group.jobValues.deliveryMethod;
  const options = catalogue.snapshot.deliveryOptions;
  const nameOf = (option: DeliveryOption) => option.label ?? option.code;
  if (methodText === undefined) {
    const usual = [...options].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).find((o) => !o.isCollection);
    raiseOnJob(
      draft,
      "DELIVERY_METHOD_MISSING",
      "deliveryMethod",
      "The delivery method is blank.",
      usual ? nameOf(usual) : undefined,
    );
    return undefined;
  }
  const option = catalogue.deliveryOption(methodText);
  if (option) return option;
  const reading = readDeliveryOption(methodText, options);
  if (reading.kind === "exact" || reading.kind === "read") {
    const name = nameOf(reading.value);
    raiseOnJob(
      draft,
      "DELIVERY_METHOD_NORMALISED",
      "deliveryMethod",
      `"${methodText}" is read as the delivery option ${name}.`,
      name,
    );
    return reading.value;
  }
  const near = reading.kind === "near" ? nameOf(reading.value) : undefined;
  raiseOnJob(
    draft,
    "DELIVERY_METHOD_UNKNOWN",
    "deliveryMethod",
    `"${methodText}" is not a delivery option; the options are ${options.map(nameOf).join(", ")}.` +
      (near ? ` Did you mean ${near}?` : ""),
    near,
  );
  return undefined;
}

/** The country named (read with a note when written another way), or the account's own when the order names none. */
function checkCountry(draft: JobDraft): Country | undefined {
  const { catalogue } = draft.context;
  const countryText = draft.group.jobValues.country;
  if (countryText === undefined) {
    const { snapshot } = catalogue;
    const defaultCountry =
      snapshot.countries.defaultCountry ?? snapshot.account.entityAddress?.countryCode ?? undefined;
    return defaultCountry ? catalogue.country(defaultCountry) : undefined;
  }
  const country = catalogue.country(countryText);
  if (country) return country;
  const reading = readCountry(countryText, catalogue.snapshot.countries.countries);
  if (reading.kind === "exact" || reading.kind === "read") {
    const { name } = reading.value;
    raiseOnJob(draft, "COUNTRY_NORMALISED", "country", `"${countryText}" is read as ${name}.`, name);
    return reading.value;
  }
  const near = reading.kind === "near" ? reading.value.name : undefined;
  const what =
    reading.kind === "none" && reading.knownAs && foldName(reading.knownAs) !== foldName(countryText)
      ? `"${countryText}" (${reading.knownAs}) is not among the countries the vendor delivers to.`
      : `"${countryText}" is not a country the vendor delivers to.`;
  raiseOnJob(draft, "COUNTRY_UNKNOWN", "country", what + (near ? ` Did you mean ${near}?` : ""), near);
  return undefined;
}

/** The state's name, checked when the country's addresses need one (read with a note when written another way). */
function checkState(draft: JobDraft, country: Country): string | null {
  const states = draft.context.catalogue.states(country.iso2);
  const stateText = draft.group.jobValues.state;
  if (!country.hasState || states.length === 0) return jobText(draft, "state");
  if (stateText === undefined) {
    raiseOnJob(draft, "STATE_MISSING", "state", `${country.name} addresses need a state.`, undefined);
    return null;
  }
  const reading = readState(stateText, states);
  if (reading.kind === "exact") return reading.value.name;
  if (reading.kind === "read") {
    const { name } = reading.value;
    raiseOnJob(draft, "STATE_NORMALISED", "state", `"${stateText}" is read as ${name}, ${country.name}.`, name);
    return name;
  }
  const near = reading.kind === "near" ? reading.value.name : undefined;
  raiseOnJob(
    draft,
    "STATE_UNKNOWN",
    "state",
    `"${stateText}" is not a state of ${country.name}.` + (near ? ` Did you mean ${near}?` : ""),
    near,
  );
  return stateText;
}

const ADDRESS_PART_TEXT: Readonly<Partial<Record<FieldId, string>>> = {
  streetAddress: "a street",
  city: "a city",
  postalCode: "a postal code",
};

/** A delivery (not a collection) needs a street, a city and, where the country has them, a postal code. */
function checkAddress(draft: JobDraft, option: DeliveryOption, country: Country | undefined): void {
  const values = draft.group.jobValues;
  const missing: FieldId[] = [];
  if (!values.streetAddress) missing.push("streetAddress");
  if (!values.city) missing.push("city");
  if (country?.hasPostalCode !== false && !values.postalCode) missing.push("postalCode");
  if (missing.length === 0) return;
  const needed = missing.map((field) => ADDRESS_PART_TEXT[field]).join(", ");
  raiseOnJob(
    draft,
    "ADDRESS_INCOMPLETE",
    missing[0],
    `The delivery address needs ${needed} for ${option.label ?? option.code}.`,
  );
}

/** Checks an order's delivery method, country, state and address against the reference data. */
export function resolveDelivery(draft: JobDraft): JobDelivery {
  const option = checkDeliveryMethod(draft);
  const isCollection = option?.isCollection === true;
  const country = checkCountry(draft);
  const stateName = country && !isCollection ? checkState(draft, country) : jobText(draft, "state");
  if (option && !isCollection) checkAddress(draft, option, country);
  return { option, country, stateName };
}

/** The delivery address as the request gives it. */
export function deliveryAddressOf(draft: JobDraft, delivery: JobDelivery): DeliveryAddress {
  const text = (field: FieldId) => jobText(draft, field);
  return {
    streetAddress: text("streetAddress"),
    address2: text("address2"),
    suburb: text("suburb"),
    city: text("city"),
    state: delivery.stateName,
    postalCode: text("postalCode"),
    countryCodeISO2: delivery.country?.iso2 ?? null,
    country: delivery.country?.name ?? null,
    deliveryMethod: delivery.option?.code ?? null,
    shippingInstructions: text("shippingInstructions"),
    contactName: text("contactName"),
    organisation: text("organisation"),
    phone: text("phone"),
    mobile: text("mobile"),
    emailAddress: text("email"),
    isSaturdayDelivery: isYes(draft.group.jobValues.saturdayDelivery),
  };
}
