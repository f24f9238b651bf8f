import { openImporterDB } from "../../storage/database";
import { createIdbJournal } from "../../storage/journal-idb";
import { createSubmitApi } from "../submit-api";
import { webLocks } from "./web-locks";

/** The submitter as the browser runs it: the journal in IndexedDB, one tab per account through Web Locks. */
export function createBrowserSubmitter() {
  const journal = createIdbJournal(openImporterDB());
  return createSubmitApi({
    journal,
    locks: webLocks(navigator.locks),
  });
}
