export * from "./normalise";
export * from "./sheet-mapping";
export * from "./suggest-mapping";
export * from "./templates";
export * from "./column-samples";
export * from "./template-file";
