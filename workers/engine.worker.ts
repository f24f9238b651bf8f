/** Transport only: the import engine, exposed to the page over comlink. */
import { expose } from "comlink";
import { createEngineApi } from "../src/engine/engine-api";

expose(createEngineApi());
