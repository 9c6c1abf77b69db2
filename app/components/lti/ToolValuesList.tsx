import { useTranslation } from "react-i18next";
import type { ToolValues } from "../../../api/services/lti/platforms/our-values";

const ORDER = ["registrationUrl", "toolUrl", "loginUrl", "launchUrl", "jwksUrl", "deepLinkingUrl", "domain"] as const;

/** What an LMS admin pastes into the LMS: each value in a read-only field, so it selects and copies whole. */
export function ToolValuesList({ values }: { values: ToolValues }) {
  const { t } = useTranslation("lti");
  return (
    <dl className="lti-values">
      {ORDER.map((name) => (
        <div key={name} className="lti-values__row">
          <dt>
            <label htmlFor={`lti-value-${name}`}>{t(`platforms.ours.${name}`)}</label>
          </dt>
          <dd>
            <input id={`lti-value-${name}`} className="ui-input lti-values__input" readOnly value={values[name]} onFocus={(event) => event.currentTarget.select()} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
