/** Transport only: the submission core, exposed to the page over comlink. */
import { expose } from "comlink";
import { createBrowserSubmitter } from "../src/submit/browser/browser-submitter";

expose(createBrowserSubmitter());
