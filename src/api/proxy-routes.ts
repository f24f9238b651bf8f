/**
 * The importer's own route beside each connection's vendor paths on the proxy (vendor paths
 * never begin with "_"): the account's submission lease, at `/api/{connection}/_submission-lease`.
 */
export const SUBMISSION_LEASE_PATH = "/_submission-lease";
