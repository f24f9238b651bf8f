/**
 * The importer's own route beside each connection's vendor paths on the proxy (vendor paths
 * never begin with "_"): the account's submission lease, at `/api/{connection}/_submission-lease`.
 */
export const SUBMISSION_LEASE_PATH = "/_submission-lease";

/**
 * The importer's artwork check, beside the lease at `/api/{connection}/_artwork-check`: POST `{ "urls": [...] }` (at
 * most ARTWORK_CHECK_BATCH) answers `{ "checks": [...] }`, one ArtworkCheck per address in the order given.
 */
export const ARTWORK_CHECK_PATH = "/_artwork-check";

/** Addresses one artwork check request may name. */
export const ARTWORK_CHECK_BATCH = 50;
