import type { DeliveryAddress, JobCandidate, JobCandidateLine } from "./vendor";
import type { FieldId } from "./fields";
import type { JobGroup } from "./group";
import { isYes } from "./resolve";

/** A job ready to send, with each payload line's source row. */
export interface JobPayload {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  /** `lineRows[i]` is the spreadsheet row of `candidate.items[i]`. */
  readonly lineRows: readonly number[];
}

const text = (values: Readonly<Partial<Record<FieldId, string>>>, field: FieldId) => values[field] ?? null;

export function deliveryAddressOf(values: Readonly<Partial<Record<FieldId, string>>>): DeliveryAddress {
  const country = values.country?.trim();
  return {
    streetAddress: text(values, "streetAddress"),
    address2: text(values, "address2"),
    suburb: text(values, "suburb"),
    city: text(values, "city"),
    state: text(values, "state"),
    postalCode: text(values, "postalCode"),
    countryCodeISO2: country ? country.toUpperCase() : null,
    deliveryMethod: text(values, "deliveryMethod"),
    shippingInstructions: text(values, "shippingInstructions"),
    contactName: text(values, "contactName"),
    organisation: text(values, "organisation"),
    phone: text(values, "phone"),
    mobile: text(values, "mobile"),
    emailAddress: text(values, "email"),
    isSaturdayDelivery: isYes(values.saturdayDelivery),
  };
}

/**
 * The JobCandidate for a group, exactly in the spec's request shape. `dateDue` is the
 * sheet's due date or, when blank, the fallback (the live earliest ship date).
 */
export function buildJobPayload(
  group: JobGroup,
  lines: readonly { readonly rowNumber: number; readonly line: JobCandidateLine }[],
  fallbackDueDate: string,
): JobPayload {
  const values = group.jobValues;
  return {
    orderNumber: group.orderNumber,
    lineRows: lines.map((entry) => entry.rowNumber),
    candidate: {
      orderNumber: group.orderNumber,
      orderComment: text(values, "orderComment"),
      description: text(values, "description"),
      dateDue: values.dueDate ?? fallbackDueDate,
      mustDate: isYes(values.mustDate),
      promocode: text(values, "promoCode"),
      deliveryAddress: deliveryAddressOf(values),
      items: lines.map((entry) => entry.line),
      validateOnly: false,
    },
  };
}
