/** What the workflow says when something goes wrong inside the page, each in the user's words, written once. */

/** A file could not be read, for a reason inside the page rather than in the file. */
export const readingFailed = (fileName: string) =>
  `${fileName} could not be read: something went wrong in this page while reading it. Drop the file again; ` +
  "if it fails again, reload the page and try once more.";

/** Reading and checking a sheet's rows stopped, for a reason inside the page. */
export const checkFailed = (fileName: string) =>
  `Checking ${fileName} stopped: something went wrong in this page. Check the rows again; ` +
  "if it stops again, reload the page and drop the file again.";

/** The dry runs beside the review stopped, for a reason inside the page. */
export const DRY_RUN_FAILED =
  "The check with the vendor stopped: something went wrong in this page. " +
  'Use "Check again with the vendor" to carry on; if it stops again, reload the page, where your review is kept.';

/** The engine worker failed under the review: its session is gone, and a reload brings the kept review back. */
export const REVIEW_BROKE =
  "This review stopped working: something went wrong in this page. Reload the page; " +
  "your review is kept and reopens where it was.";

/** Shown when another tab's review has taken the place of this one in the browser's keeping. */
export const REVIEW_NOT_KEPT =
  "This review is no longer kept in this browser: " +
  "a review started or continued in another tab on this account has taken its place, " +
  "so a reload here would not bring back your changes. " +
  "Submit from here or download the problem sheet before you leave, or carry on in the other tab.";
