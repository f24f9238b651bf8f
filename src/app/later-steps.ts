/**
 * The views of the steps after a file is dropped, and of the panels beside the import: loaded apart from the workflow
 * (in the idle time once it has arrived), so that connecting needs none of them.
 */
export { ConfirmStep } from "./steps/confirm-step";
export { MappingStep } from "./steps/mapping-step";
export { ResultsStep } from "./steps/results-step";
export { ReviewStep } from "./steps/review-step";
export { SubmittingStep } from "./steps/submitting-step";
export { AssetsPanel, SubmittedJobsPanel } from "./side-panels";
