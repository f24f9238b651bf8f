/** What `firstMessage` needs of a port: a `MessagePort` is one (this folder compiles without the platform's types). */
export interface MessageSource {
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
  start(): void;
  close(): void;
}

/**
 * The one message a port brings, the port closed once it has come: how one worker hands another what the page only
 * joins them for (a plan, the orders to look up, what a sheet is written from), never passing through the page.
 */
export function firstMessage<T>(port: MessageSource): Promise<T> {
  return new Promise((resolve) => {
    port.addEventListener("message", ({ data }) => {
      port.close();
      resolve(data as T);
    });
    port.start();
  });
}
