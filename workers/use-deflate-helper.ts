import type { DeflateReply } from "../src/sheet/zip/deflate-helper-messages";
import { withDeflateHelper, type DeflateHelper } from "../src/sheet/zip/helper-deflater";
import { platformCodecs, useZipCodecs } from "../src/sheet/zip/zip-codecs";

function startHelper(): DeflateHelper {
  const worker = new Worker(new URL("./deflate.worker.ts", import.meta.url), { type: "module", name: "deflate" });
  return {
    send: (message, transfer) => worker.postMessage(message, transfer),
    listen: (onMessage) =>
      worker.addEventListener("message", (event: MessageEvent<DeflateReply>) => onMessage(event.data)),
    onFailure: (onFailure) => worker.addEventListener("error", onFailure),
    stop: () => worker.terminate(),
  };
}

/**
 * Deflates this worker's large zip parts in a helper worker of its own, where workers can start workers: in this
 * thread otherwise.
 */
export function useDeflateHelper(): void {
  if (typeof Worker === "function") useZipCodecs(withDeflateHelper(platformCodecs, startHelper));
}
