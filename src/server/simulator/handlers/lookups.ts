import { processCodeLookup } from "../fixtures/catalogue";
import { COUNTRIES, JOB_STATUSES, STATES } from "../fixtures/lookups";
import { ok, opaqueServerError } from "../sim-response";
import type { Handler } from "./context";

export const listCountries: Handler = ({ state }) =>
  ok({ countries: COUNTRIES, defaultCountry: state.account.address.countryCode });

/** The route already guarantees two letters; an unknown country simply has no states. */
export const listStates: Handler = ({ params }) => {
  const code = (params["countryCode"] ?? "").toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return opaqueServerError();
  return ok({ countryCode: code, states: STATES[code] ?? [] });
};

export const listJobStatuses: Handler = () => ok(JOB_STATUSES);
export const listProcessCodes: Handler = () => ok(processCodeLookup().sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)));
export const listSizeSets: Handler = ({ state }) => ok(state.fixtures.sizeSets);
