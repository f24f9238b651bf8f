import {
  ENDPOINTS,
  type PaymentTransaction,
  type TRANSACTION_SORTS,
  type USER_SORTS,
  type UserSummary,
} from "../../../core/vendor";
import { accountProfile, fullUser, shipmentSettingsFor, transactionsFor } from "../fixtures/accounts";
import { readQuery } from "../read-query";
import { forbidden, notFound, ok } from "../sim-response";
import { compareBy, pagedEnvelope, type Handler } from "./context";

export const getAccount: Handler = ({ state }) => ok(accountProfile(state.account));
export const getCurrentUser: Handler = ({ state, user }) => ok(fullUser(state.account, user, state.region));
export const getShipmentSettings: Handler = ({ state }) => ok(shipmentSettingsFor(state.account));

const ADMIN_ONLY = "Only an account administrator may list users.";

function summaries(context: Parameters<Handler>[0]): UserSummary[] {
  const { state } = context;
  return state.account.users.map((user) => {
    const {
      id,
      guid,
      userName,
      firstName,
      lastName,
      emailAddress,
      active,
      locationName,
      usernameLoginOnly,
      lastLogin,
      loginCount,
    } = fullUser(state.account, user, state.region);
    return {
      id,
      guid,
      userName,
      firstName,
      lastName,
      emailAddress,
      active,
      locationName,
      usernameLoginOnly,
      lastLogin,
      loginCount,
    };
  });
}

export const listUsers: Handler = (context) => {
  const { user, query, url } = context;
  if (!user.isAdministrator) return forbidden(ADMIN_ONLY);
  const read = readQuery(ENDPOINTS.listUsers.query, query);
  if (!read.ok) return read.refusal;
  const { includeInactive, page, pageSize, sortBy, sortDirection: direction, textFilter } = read.value;
  const needle = textFilter?.toLowerCase();
  const keys: Record<(typeof USER_SORTS)[number], (u: UserSummary) => string | number | null | undefined> = {
    LastName: (u) => u.lastName,
    FirstName: (u) => u.firstName,
    UserName: (u) => u.userName,
    Email: (u) => u.emailAddress,
    LastLoginUtc: (u) => u.lastLogin,
    LoginCount: (u) => u.loginCount,
  };
  const users = summaries(context)
    .filter((u) => includeInactive || u.active)
    .filter(
      (u) =>
        needle === undefined ||
        [u.userName, u.firstName, u.lastName, u.emailAddress].some((t) => t?.toLowerCase().includes(needle)),
    )
    .sort(compareBy(keys[sortBy], direction === "DESC"));
  return ok(pagedEnvelope(users, page, pageSize, textFilter, url));
};

export const getUser: Handler = (context) => {
  if (!context.user.isAdministrator) return forbidden(ADMIN_ONLY);
  const found = summaries(context).find((u) => String(u.id) === context.params["userId"]);
  return found === undefined ? notFound() : ok(found);
};

export const listTransactions: Handler = ({ state, query, url }) => {
  const read = readQuery(ENDPOINTS.listTransactions.query, query);
  if (!read.ok) return read.refusal;
  const { page, pageSize, sortBy, sortDirection: direction, completedOnly, textFilter } = read.value;
  const needle = textFilter?.toLowerCase();
  const keys: Record<
    (typeof TRANSACTION_SORTS)[number],
    (t: PaymentTransaction) => string | number | null | undefined
  > = {
    Id: (t) => t.id,
    CreatedAt: (t) => t.createdAt,
    CompletedAt: (t) => t.completedAt,
    AmountSettlement: (t) => t.amountSettlement,
  };
  const rows = transactionsFor(state.account)
    .filter((t) => !completedOnly || t.transactionStatus === "completed")
    .filter(
      (t) =>
        needle === undefined ||
        [t.cardName, t.transactionStatus, t.merchantEntityType, String(t.id)].some((x) =>
          x?.toLowerCase().includes(needle),
        ),
    )
    .sort(compareBy(keys[sortBy], direction === "DESC"));
  return ok(pagedEnvelope(rows, page, pageSize, textFilter, url));
};
