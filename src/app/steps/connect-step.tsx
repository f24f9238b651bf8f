import { useState } from "preact/hooks";
import type { ConnectionInfo } from "../proxy-connections";

interface Props {
  readonly state: {
    readonly connections?: readonly ConnectionInfo[];
    readonly error?: string;
    readonly busy?: boolean;
    readonly needsAccessKey?: boolean;
  };
  readonly onConnect: (connection: ConnectionInfo) => void;
  readonly onAccessKey: (key: string) => void;
}

export function ConnectStep({ state, onConnect, onAccessKey }: Props) {
  const [chosen, setChosen] = useState<string>("");
  const [key, setKey] = useState("");
  const connections = state.connections ?? [];
  const selected = connections.find((c) => c.name === chosen) ?? connections[0];
  return (
    <section>
      <h2>Connect</h2>
      {state.error && (
        <p role="alert" class="error">
          {state.error}
        </p>
      )}
      {state.needsAccessKey && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onAccessKey(key);
          }}
        >
          <label>
            Access key <input type="password" value={key} onInput={(e) => setKey(e.currentTarget.value)} />
          </label>
          <button type="submit">Unlock</button>
        </form>
      )}
      {connections.length > 0 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (selected) onConnect(selected);
          }}
        >
          <label>
            Connection{" "}
            <select value={selected?.name} onChange={(e) => setChosen(e.currentTarget.value)}>
              {connections.map((c) => (
                <option value={c.name} key={c.name}>
                  {c.name} — {c.region}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit" disabled={state.busy}>
            Connect
          </button>
        </form>
      )}
    </section>
  );
}
