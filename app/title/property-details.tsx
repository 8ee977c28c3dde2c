/** The Property details tab's panel: the title information, then the security address. */
import type { SubmissionResult } from "@conform-to/react";
import type { PropertyDetailsIntent } from "./forms";
import type { PropertyDetailsModel } from "./property-details-view";
import { SecurityAddress } from "./security-address";
import { TitlePanel } from "./title-panel";

export interface PropertyDetailsActionData {
  intent: PropertyDetailsIntent | null;
  result: SubmissionResult<string[]>;
}

export function PropertyDetails({ model, actionData }: { model: PropertyDetailsModel; actionData: PropertyDetailsActionData | null }) {
  const resultFor = (intent: PropertyDetailsIntent) => (actionData?.intent === intent ? actionData.result : null);
  return (
    <section className="tab-panel property-details" aria-labelledby="tab-title">
      <h2 id="tab-title">Property details</h2>
      <TitlePanel model={model.titlePanel} version={model.version} lastResult={resultFor("retrieve-title")} />
      <SecurityAddress model={model.securityAddress} version={model.version} lastResult={resultFor("update-security-address")} />
    </section>
  );
}
