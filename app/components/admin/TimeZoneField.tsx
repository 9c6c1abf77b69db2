import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, ComboBox, FieldError, Input, type Key, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { UTC, zoneName } from "../../../api/services/core/dates";
import { useReaderTimeZone } from "../layout/use-time-zone";
import { FieldLabel } from "../ui/FieldLabel";

/** Every zone the browser knows, and UTC (which `supportedValuesOf` leaves out); built when the list first opens. */
function knownZones(): { id: string }[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [UTC, ...zones.filter((zone) => zone !== UTC)].map((id) => ({ id }));
}

/** "new york" finds America/New_York: the names write spaces as underscores. */
const searchable = (text: string) => text.toLocaleLowerCase().replaceAll("_", " ");
const zoneMatches = (zone: string, typed: string) => searchable(zone).includes(searchable(typed.trim()));

/**
 * The school's time zone (issue 27 point 6, ADR 0082): a searchable list of the IANA zones.
 * Until the owner saves one it proposes the zone of the owner's browser (the `tz` cookie, so
 * the server draws the same proposal the browser hydrates) and says that nothing is saved yet.
 */
export function TimeZoneField({ saved, errorMessage }: { saved: string | null; errorMessage?: string }) {
  const { t, i18n } = useTranslation("admin");
  const readerZone = useReaderTimeZone();
  // Until the owner picks, the proposal follows what is known: on a first visit the browser
  // names its zone only after hydration (the cookie, then a reload of the data).
  const [chosen, setChosen] = useState<string | null>(null);
  const zone = chosen ?? saved ?? readerZone ?? UTC;
  const [typedText, setTyped] = useState<string | null>(null);
  const typed = typedText ?? zone;
  const [opened, setOpened] = useState(false);
  // The list is the browser's, built on first opening only: the server never draws it.
  const zones = useMemo(() => (opened ? knownZones() : [{ id: zone }]), [opened, zone]);
  const shown = useMemo(() => (typed === zone ? zones : zones.filter((item) => zoneMatches(item.id, typed))), [zones, typed, zone]);
  const choose = (key: Key | null) => {
    if (key === null) return;
    setChosen(String(key));
    setTyped(null);
  };
  return (
    <div className="admin-settings__row">
      <ComboBox
        name="timeZone"
        formValue="key"
        className="ui-field ui-combobox"
        items={shown}
        selectedKey={zone}
        onSelectionChange={choose}
        inputValue={typed}
        onInputChange={setTyped}
        onOpenChange={(open) => open && setOpened(true)}
        menuTrigger="focus"
        isInvalid={errorMessage !== undefined}
      >
        <FieldLabel>{t("timeZone.label")}</FieldLabel>
        <div className="ui-input-group">
          <Input className="ui-input" />
          <AriaButton className="ui-input-group__button" aria-label={t("timeZone.showAll")}>
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </AriaButton>
        </div>
        <Text slot="description" className="ui-field__description">
          {saved === null ? t("timeZone.notSaved", { zone: zone }) : t("timeZone.hint", { zone: zone, now: zoneName(Date.now(), i18n.language, zone) })}
        </Text>
        <FieldError className="ui-field__error">{errorMessage}</FieldError>
        <Popover className="ui-popover">
          <ListBox className="ui-listbox" renderEmptyState={() => <p className="ui-combobox__empty">{t("timeZone.noMatch")}</p>}>
            {(item: { id: string }) => (
              <ListBoxItem id={item.id} textValue={item.id} className="ui-listbox__item">
                {item.id}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </div>
  );
}
