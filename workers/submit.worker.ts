/** Transport only: the submission core, exposed to the page over comlink. */
import { expose, transfer } from "comlink";
import { createBrowserSubmitter } from "../src/submit/browser/browser-submitter";

const submitter = createBrowserSubmitter();
expose({
  ...submitter,
  // The trail's bytes are handed over, not copied: tens of megabytes for thousands of orders.
  async auditFile(batchId: string) {
    const file = await submitter.auditFile(batchId);
    return file && transfer(file, [file.bytes.buffer]);
  },
} satisfies typeof submitter);
