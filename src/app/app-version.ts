declare const __APP_VERSION__: string;

/** The importer's version (from package.json, set at build time), recorded with every import. */
export const APP_VERSION: string = typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "development";
