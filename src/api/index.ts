export * from "./client";
export * from "./paging";
export * from "./problem";
export * from "./queue";
export * from "./adaptive-limiter";
export * from "./retry-transient";
export * from "./sleep";
export * from "./proxy-routes";
