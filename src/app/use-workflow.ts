import { useEffect, useState } from "preact/hooks";
import type { ImportState, ImportWorkflow } from "./import-workflow";

/** The workflow's current state, re-rendering on every change. */
export function useWorkflowState(workflow: ImportWorkflow): ImportState {
  const [state, setState] = useState(workflow.getState());
  useEffect(() => {
    setState(workflow.getState());
    return workflow.subscribe(() => setState(workflow.getState()));
  }, [workflow]);
  return state;
}
