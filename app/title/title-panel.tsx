/**
 * The title information panel (document 2 sections 2.2, 4.2 and 4.3): the retrieve form, the pending, not
 * found, search error and load failure views, the title as an accordion (a native <details>, so it opens and
 * closes without JavaScript), the unsupported-title alert, Check for updates and the banner after a check.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import { CsrfInput } from "../components/csrf-input";
import { ErrorSummary, SubmitButton, TextField, useSchemaForm } from "../components/form";
import { DisabledAction } from "./disabled-action";
import { RetrieveTitleFormSchema } from "./forms";
import type { TitleDisplay, TitlePanelModel } from "./property-details-view";
import { TITLE_PANEL_HEADINGS, TITLE_PANEL_LABELS } from "./texts";

export function TitlePanel({ model, version, lastResult }: { model: TitlePanelModel; version: number; lastResult: SubmissionResult<string[]> | null }) {
  return (
    <section className="title-panel" aria-labelledby="title-panel-title" data-title-view={model.view}>
      <h3 id="title-panel-title">{TITLE_PANEL_HEADINGS.panel}</h3>
      {model.unsupported ? (
        <div className="notice notice-error" role="alert" data-notice="unsupported-title">
          <p>
            <strong>{TITLE_PANEL_HEADINGS.unsupported}.</strong> {model.unsupported}
          </p>
        </div>
      ) : null}
      {model.updates ? (
        <div className={`notice ${model.updates.outcome === "changed" ? "notice-warning" : "notice-success"}`} role="status" data-notice={`title-${model.updates.outcome}`}>
          <p>{model.updates.text}</p>
        </div>
      ) : null}
      <TitleView model={model} version={version} lastResult={lastResult} />
    </section>
  );
}

function TitleView({ model, version, lastResult }: { model: TitlePanelModel; version: number; lastResult: SubmissionResult<string[]> | null }) {
  const form = model.showRetrieveForm ? <RetrieveForm model={model} version={version} lastResult={lastResult} /> : null;
  switch (model.view) {
    case "success":
      return model.title ? <TitleAccordion title={model.title} model={model} version={version} /> : null;
    case "pending":
      return <Outcome heading={TITLE_PANEL_HEADINGS.pending} text={model.prompt} lastSearched={model.lastSearched} />;
    case "not-found":
      return (
        <>
          <Outcome heading={TITLE_PANEL_HEADINGS.notFound} text={model.prompt} lastSearched={model.lastSearched} />
          {form}
        </>
      );
    case "search-error":
      return (
        <>
          <Outcome heading={TITLE_PANEL_HEADINGS.searchError} text={model.prompt} lastSearched={model.lastSearched} />
          {form}
        </>
      );
    case "error":
      return <LoadFailed />;
    case "initial":
      return form ?? <Outcome heading={null} text={model.prompt} lastSearched={null} />;
    default:
      return <Outcome heading={TITLE_PANEL_HEADINGS.unknown} text={model.prompt} lastSearched={model.lastSearched} />;
  }
}

function Outcome({ heading, text, lastSearched }: { heading: string | null; text: string | null; lastSearched: string | null }) {
  return (
    <div className="title-outcome">
      {heading ? <h4>{heading}</h4> : null}
      {text ? <p>{text}</p> : null}
      {lastSearched ? (
        <p className="more">
          {TITLE_PANEL_LABELS.lastSearched}: {lastSearched}
        </p>
      ) : null}
    </div>
  );
}

function LoadFailed() {
  const location = useLocation();
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{TITLE_PANEL_HEADINGS.loadFailed}.</strong>
      </p>
      <p>
        {/* A full reload reads the case and its titles again. */}
        <a href={location.pathname}>{TITLE_PANEL_LABELS.retry}</a>
      </p>
    </div>
  );
}

function RetrieveForm({ model, version, lastResult }: { model: TitlePanelModel; version: number; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm(RetrieveTitleFormSchema, { id: "retrieve-title", lastResult });
  const disabled = model.retrieve.disabledReason;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="retrieve-title-form" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="version" value={version} />
      <ErrorSummary form={form} />
      <TextField
        field={fields.titleNumber}
        label={TITLE_PANEL_LABELS.titleNumber}
        hint={TITLE_PANEL_LABELS.titleNumberHint}
        autoComplete="off"
        spellCheck={false}
        className="title-number-field"
        disabled={disabled !== null}
      />
      <div className="form-actions">
        {disabled ? (
          <DisabledAction id="retrieve-title" label={TITLE_PANEL_LABELS.retrieve} reason={disabled} />
        ) : (
          <SubmitButton name="intent" value="retrieve-title">
            {TITLE_PANEL_LABELS.retrieve}
          </SubmitButton>
        )}
      </div>
    </Form>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <>{TITLE_PANEL_LABELS.none}</>;
  if (items.length === 1) return <>{items[0]}</>;
  return (
    <ul>
      {items.map((item, index) => (
        <li key={`${index}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

function TitleAccordion({ title, model, version }: { title: TitleDisplay; model: TitlePanelModel; version: number }) {
  return (
    <>
      <details className="title-accordion" open>
        <summary>
          {TITLE_PANEL_LABELS.titleNumber} {title.titleNumber}
        </summary>
        <dl className="title-details">
          <div>
            <dt>{TITLE_PANEL_LABELS.titleNumber}</dt>
            <dd>{title.titleNumber}</dd>
          </div>
          <div>
            <dt>{TITLE_PANEL_LABELS.registeredTitleDocument}</dt>
            <dd>
              {title.documents.length === 0 ? (
                TITLE_PANEL_LABELS.none
              ) : (
                <ul className="title-documents">
                  {title.documents.map((document) => (
                    <li key={document.href}>
                      {/* A plain link that downloads: the resource route answers the PDF as an attachment. */}
                      <a href={document.href} className="title-document" download>
                        {document.fileName}
                      </a>{" "}
                      <span className="chip" aria-label="PDF document">
                        pdf
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div>
            <dt>{TITLE_PANEL_LABELS.address}</dt>
            <dd>
              <address>
                {title.address.map((line, index) => (
                  <span key={`${index}-${line}`} className="address-line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div>
            <dt>{TITLE_PANEL_LABELS.registeredProprietors}</dt>
            <dd>
              <List items={title.proprietors} />
            </dd>
          </div>
          {title.restrictions ? (
            <div>
              <dt>{TITLE_PANEL_LABELS.restrictions}</dt>
              <dd>
                <List items={title.restrictions} />
              </dd>
            </div>
          ) : null}
          {title.lenders ? (
            <div>
              <dt>{TITLE_PANEL_LABELS.lenders}</dt>
              <dd>
                <List items={title.lenders} />
              </dd>
            </div>
          ) : null}
        </dl>
        {model.lastSearched ? (
          <p className="more">
            {TITLE_PANEL_LABELS.lastSearched}: {model.lastSearched}
          </p>
        ) : null}
      </details>
      <CheckForUpdates title={title} model={model} version={version} />
    </>
  );
}

function CheckForUpdates({ title, model, version }: { title: TitleDisplay; model: TitlePanelModel; version: number }) {
  const check = model.checkForUpdates;
  if (!check.shown) return check.hoursHint ? <p className="more title-hours">{check.hoursHint}</p> : null;
  if (check.disabledReason) return <DisabledAction id="check-for-updates" label={TITLE_PANEL_LABELS.checkForUpdates} reason={check.disabledReason} />;
  return (
    <Form method="post" className="check-for-updates" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="titleNumber" value={title.titleNumber} />
      <SubmitButton name="intent" value="check-for-updates" className="secondary">
        {TITLE_PANEL_LABELS.checkForUpdates}
      </SubmitButton>
    </Form>
  );
}
