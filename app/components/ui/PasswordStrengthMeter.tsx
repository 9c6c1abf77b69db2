import { useTranslation } from "react-i18next";
import { Label, Meter } from "react-aria-components";
import { type StrengthHints, usePasswordStrength } from "./usePasswordStrength";

export interface PasswordStrengthMeterProps {
  /** The new password as typed. */
  password: string;
  /** The e-mail and names typed on the same form (registration). */
  hints?: StrengthHints;
}

/**
 * 0 "Too easy to guess" … 4 "Strong". A password the server would still refuse (too
 * short, however random) shows at most "Fair", so "Good" and "Strong" always mean accepted.
 */
export function strengthLevel(score: number, acceptable: boolean): number {
  return acceptable ? score : Math.min(score, 2);
}

/**
 * The strength meter under a new-password field (ASVS 2.1.8): a labelled react-aria Meter
 * whose level is also written out in words (colour is never the only signal), and a polite
 * live region that announces the level to screen readers as it changes. Hidden while the
 * field is empty; shows nothing when the server cannot be asked. Without JavaScript it never
 * renders and the server's own refusal of weak passwords is the message.
 */
export function PasswordStrengthMeter({ password, hints }: PasswordStrengthMeterProps) {
  const { t } = useTranslation("auth");
  const strength = usePasswordStrength(password, hints);
  const level = strength ? strengthLevel(strength.score, strength.acceptable) : null;
  const levelText = level === null ? "" : t(`strength.level${level}`);

  return (
    <div className="ui-strength">
      {level !== null && (
        <Meter
          className="ui-strength__meter"
          value={level + 1}
          minValue={0}
          maxValue={5}
          valueLabel={levelText}
          data-level={level}
          data-acceptable={strength?.acceptable || undefined}
        >
          <div className="ui-strength__row">
            <Label className="ui-strength__label">{t("strength.label")}</Label>
            <span className="ui-strength__value">{levelText}</span>
          </div>
          <div className="ui-strength__track" aria-hidden="true">
            <div className="ui-strength__fill" />
          </div>
        </Meter>
      )}
      {/* Always in the page, so that screen readers notice when its text changes. */}
      <p className="ui-visually-hidden" aria-live="polite">
        {level === null ? "" : t("strength.announce", { level: levelText })}
      </p>
    </div>
  );
}
