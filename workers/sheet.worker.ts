/** Transport only: the sheet reader and writer, exposed to the page over comlink. */
import { expose } from "comlink";
import { sheetWorkerApi } from "../src/sheet/worker-session";
import { useDeflateHelper } from "./use-deflate-helper";

useDeflateHelper();
expose(sheetWorkerApi);
