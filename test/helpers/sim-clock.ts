/**
 * The instant every test's simulator clock starts at. The due dates in the tests (2027), and
 * in the samples the tests make for it, lie in its future, whatever today's date is.
 */
export const SIM_START = Date.parse("2026-11-20T00:00:00Z");

/** SIM_START as the SIM_NOW setting, for the command line's embedded simulator. */
export const SIM_NOW = new Date(SIM_START).toISOString();
