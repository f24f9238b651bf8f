export * from "./attributes";
export * from "./context";
export * from "./item-type";
export * from "./question-columns";
export * from "./resolve-job";
export * from "./resolve-row";
export * from "./resolve-sheet";
export * from "./values";
