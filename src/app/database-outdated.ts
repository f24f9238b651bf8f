import { createStore } from "./store";

/**
 * True once a newer version of the importer, opened in another tab, has taken the database over. Kept on the first
 * screen's side, which says so, while the database itself opens with the code that uses it.
 */
export const databaseOutdated = createStore(false);
