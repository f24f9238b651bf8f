import { render } from "preact";
import { App, loadImportPage } from "./app";
import { whenIdle } from "./when-idle";
import "./styles.css";

const root = document.getElementById("app");
if (root) {
  render(<App />, root);
  // The later steps' code arrives while the user chooses a connection, so that connecting never waits for it.
  whenIdle(() => void loadImportPage().catch(() => undefined));
}
