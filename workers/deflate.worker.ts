/** Transport only: the sheet worker's deflate helper, answering on this worker's own messages. */
import { serveDeflation } from "../src/sheet/zip/deflate-helper";
import type { DeflateRequest } from "../src/sheet/zip/deflate-helper-messages";

serveDeflation({
  send: (message, transfer) => self.postMessage(message, transfer),
  listen: (onMessage) =>
    self.addEventListener("message", (event: MessageEvent<DeflateRequest>) => onMessage(event.data)),
});
