import { ENDPOINTS } from "../../../core/vendor";
import { findPromoCode, promoProblem } from "../job-validation";
import { readQuery } from "../read-query";
import { localDate } from "../ship-date";
import { ok } from "../sim-response";
import type { Handler } from "./context";

/** Always 200: validity is in the body. */
export const validatePromoCode: Handler = ({ core, state, params, query }) => {
  const code = params["code"] ?? "";
  const read = readQuery(ENDPOINTS.validatePromoCode.query, query);
  if (!read.ok) return read.refusal;
  const processCodes = read.value.processCodes.map((p) => p.toUpperCase());
  const promo = findPromoCode(core.promoCodes, code);
  const reason = promoProblem(core.promoCodes, code, processCodes, localDate(core.now(), state.region.timezone));
  const applicable =
    processCodes.length === 0 || promo?.processCodes == null
      ? null
      : processCodes.filter((p) => promo.processCodes?.includes(p));
  return ok({
    isValid: reason === undefined,
    promoCode: promo?.code ?? code,
    description: promo?.description ?? null,
    discount: promo?.discount ?? 0,
    isFixed: promo?.isFixed ?? false,
    message: reason ?? "",
    applicableProcessCodes: applicable,
  });
};
