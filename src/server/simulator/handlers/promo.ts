import { findPromoCode, promoProblem } from "../job-validation";
import { localDate } from "../ship-date";
import { ok } from "../sim-response";
import type { Handler } from "./context";

/** Always 200: validity is in the body. */
export const validatePromoCode: Handler = ({ core, state, params, query }) => {
  const code = params["code"] ?? "";
  const processCodes = query.list("processCodes").map((p) => p.toUpperCase());
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
