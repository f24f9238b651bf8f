/**
 * Stands in for Node's own types where a dependency's types ask for them (`@types/papaparse`
 * references `node`) in the folders compiled against the portable globals alone: there,
 * `process`, `Buffer` and Node's modules are not to compile. Folders that run only in Node
 * (src/server, src/cli, the tests) use `@types/node` itself.
 */
export {};
