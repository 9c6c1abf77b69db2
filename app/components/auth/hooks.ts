import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { CodedAnswer } from "../../utils/message-codes";
import { translateMessage } from "./messages";

/** `translateMessage` bound to the auth namespace of the current language. */
export function useMessageTranslator(): (answer: string | CodedAnswer) => string {
  const { t } = useTranslation("auth");
  return useCallback(
    (answer: string | CodedAnswer) => translateMessage((key, options) => t(key, { ...options }), answer),
    [t],
  );
}

/**
 * Whether a form of this page is being submitted (optionally: the form with this `intent`),
 * including the redirect that follows a successful action.
 */
export function useIsSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formMethod || navigation.formMethod.toUpperCase() !== "POST") return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

